import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
