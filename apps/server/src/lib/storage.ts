import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';

/** Object storage for uploaded files; keys are slash-separated relative paths such as `listings/u1/a.webp`. */
export type Storage = {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
};

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,300}$/;
/** Keys come from our own code, but /media/<key> is user input: no `..`, no absolute paths. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** Files under `root` (DATA_DIR/uploads by default). */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * Any S3-compatible store (AWS, MinIO, R2...); `client` is injectable so tests check the requests offline.
 * The SDK (some 25 MB once loaded) is imported at the first call, so a server on the local disk never loads it.
 */
export function createS3Storage(config: S3Config, client?: Pick<S3Client, 'send'>): Storage {
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); s3: Pick<S3Client, 'send'> }> | undefined;
  const connect = () => {
    loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: config.region,
          endpoint: config.endpoint,
          forcePathStyle: Boolean(config.endpoint),
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        }),
    }));
    return loading;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const { sdk, s3 } = await connect();
      try {
        const res = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!res.Body) return null;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}

/** S3 when S3_BUCKET is configured, otherwise the local disk. */
export function createStorage(opts: { s3: S3Config | null; localRoot: string }): Storage {
  return opts.s3 ? createS3Storage(opts.s3) : createLocalStorage(opts.localRoot);
}
