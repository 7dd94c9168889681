import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite's content-hashed output: a changed file gets a new name, so a browser may keep these forever. */
const HASHED_ASSET = /^assets\//;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * The built web app's files. The build writes each text asset's brotli and gzip twin once
 * (apps/web/vite.config.ts), and the best one the browser accepts is sent as it is, never compressed
 * per request. Hashed files are cached for a year; everything else (the shell, the favicon, the SDK)
 * is revalidated on each use, so a new release is seen at once.
 */
export async function registerWebAssets(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The build's manifest is for the build's own checks, not for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webRoot, filePath).replaceAll(path.sep, '/');
      reply.header('cache-control', HASHED_ASSET.test(relative) ? IMMUTABLE_CACHE : 'no-cache');
    },
  });
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Brotli's middle quality: about 5 times smaller than the page, in a millisecond or two. */
const PAGE_BROTLI_QUALITY = 5;

/** The encoding to send a generated body in: brotli, else gzip, when the request accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([coding]) => coding.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a page the server generates per request (the shell with its head and a visitor's first API
 * answers inlined, about 30 KB on /marketplace) compressed for the browser: the built files have
 * their twins made at build time, this one cannot. Never cached stale: revalidated on each use.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } })
      : await gz(html);
  return reply.header('content-encoding', encoding).send(body);
}
