import type { FastifyInstance } from 'fastify';

/**
 * API answers to a signed-in request (a session cookie or a bearer token) may carry private data:
 * `Cache-Control: no-store`, so no browser, proxy or shared cache keeps them. Public answers that set
 * their own caching keep it.
 */
export function registerPrivateNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    if (request.user || request.headers.authorization) reply.header('cache-control', 'no-store');
    return payload;
  });
}
