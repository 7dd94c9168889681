import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: a state-changing request that carries cookies must come from the app's own origin.
 * Browsers always send Origin on cross-site POSTs, so a missing or foreign Origin is refused.
 */
export function registerSameOriginGuard(app: FastifyInstance, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin !== allowed) {
      throw new AppError(
        'FORBIDDEN',
        'This request must come from the application itself (origin check failed)',
      );
    }
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
