import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, isSafeKey } from './storage.ts';

describe('storage', () => {
  it('stores, reads and deletes files on the local disk and refuses unsafe keys', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'storage-')));
    await storage.put('listings/u1/a.webp', Buffer.from('abc'), 'image/webp');
    expect(await storage.get('listings/u1/a.webp')).toEqual({
      body: Buffer.from('abc'),
      contentType: 'image/webp',
    });
    await storage.delete('listings/u1/a.webp');
    expect(await storage.get('listings/u1/a.webp')).toBeNull();
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', ''])
      expect(isSafeKey(key), key).toBe(false);
    await expect(storage.put('../x', Buffer.from(''), 'text/plain')).rejects.toThrow();
  });

  it('sends S3 requests with the bucket, key, content type and cache headers (offline client)', async () => {
    const sent: unknown[] = [];
    const client = {
      async send(command: unknown) {
        sent.push(command);
        if (command instanceof GetObjectCommand)
          return {
            Body: { transformToByteArray: async () => new Uint8Array([1, 2]) },
            ContentType: 'image/webp',
          };
        return {};
      },
    };
    const storage = createS3Storage(
      { bucket: 'media', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's' },
      client as never,
    );
    await storage.put('listings/u/a.webp', Buffer.from([1, 2]), 'image/webp');
    expect(await storage.get('listings/u/a.webp')).toEqual({
      body: Buffer.from([1, 2]),
      contentType: 'image/webp',
    });
    await storage.delete('listings/u/a.webp');
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({
      Bucket: 'media',
      Key: 'listings/u/a.webp',
      ContentType: 'image/webp',
    });
    expect(sent[2]).toBeInstanceOf(DeleteObjectCommand);
    expect((sent[2] as DeleteObjectCommand).input).toEqual({ Bucket: 'media', Key: 'listings/u/a.webp' });
    expect(await storage.get('../secret')).toBeNull();
  });
});
