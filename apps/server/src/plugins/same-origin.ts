import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: a state-changing request that carries cookies must come from the app's own origin.
 * Browsers send Origin on every cross-site POST, so a foreign Origin is refused. A plain HTML form
 * posting to its own page may send `Origin: null` (strict referrer policies); Sec-Fetch-Site, which
 * pages cannot forge, then tells whether it is same-origin.
 */
export function registerSameOriginGuard(app: FastifyInstance, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin === allowed) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if ((origin === undefined || origin === 'null') && fetchSite === 'same-origin') return;
    throw new AppError(
      'FORBIDDEN',
      'This request must come from the application itself (origin check failed)',
    );
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
