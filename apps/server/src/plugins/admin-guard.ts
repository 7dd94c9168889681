import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Every route under this prefix is for administrators only. */
export const ADMIN_API_PREFIX = '/api/admin/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own admin check, run by the guard instead of the default one: for refusals the spec
     * words differently, or refused attempts a domain logs as security events (wire transfers).
     */
    adminCheck?: (request: FastifyRequest) => Promise<unknown>;
  }
}

/**
 * Refuses visitors (401) and non-admins (403) on every admin route before anything else runs: before
 * body validation (so a non-admin never learns a route's schema from a 400) and whether or not the
 * route's own handler remembers to check. Handlers still call requireAdmin to get the acting admin.
 */
export function registerAdminGuard(
  app: FastifyInstance,
  access: { requireAdmin: (request: FastifyRequest) => Promise<unknown> },
) {
  app.addHook('onRequest', async (request) => {
    // The matched route's pattern, so an encoded or doubled slash in the raw URL cannot slip past.
    const route = request.routeOptions.url ?? request.url;
    if (!route.startsWith(ADMIN_API_PREFIX) && !request.url.startsWith(ADMIN_API_PREFIX)) return;
    const check = request.routeOptions.config.adminCheck;
    if (check) await check(request);
    else await access.requireAdmin(request);
  });
}
