import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** The signed-in user every route may read; accounts resolves it from the session cookie. */
export type SessionUser = { id: string; email: string; name: string };

/** Who answers "whose session is this cookie?" (the accounts module). */
export type SessionLookup = {
  getSession(headers: Headers): Promise<{ user: SessionUser; sessionId: string } | null>;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The id of the signed-in session (realtime sockets are bound to it). */
    sessionId: string | null;
  }
}

/**
 * Resolves the session cookie (if any) into `request.user` for every request and socket. It runs on
 * request, before body validation, so access checks (the admin guard) answer 401/403 before a 400.
 */
export function registerSession(app: FastifyInstance, accounts: SessionLookup) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.headers.cookie) return;
    try {
      const session = await accounts.getSession(toHeaders(request));
      request.user = session?.user ?? null;
      request.sessionId = session?.sessionId ?? null;
    } catch (err) {
      // The database is unreachable (503). An API call says so; a page or an asset is still served
      // without a user, so the app loads, meets the 503 on its API calls and shows its retrying banner.
      if (!(err instanceof AppError && err.code === 'UNAVAILABLE') || request.url.startsWith('/api/'))
        throw err;
    }
  });
}

/** The signed-in user, or 401 with `message` (the spec words it per action, e.g. "Please sign in to subscribe."). */
export function requireUser(request: FastifyRequest, message = 'Sign in required'): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', message);
  return request.user;
}

/** The signed-in user and the session they are signed in with, or 401 with `message`. */
export function requireSession(
  request: FastifyRequest,
  message = 'Sign in required',
): { user: SessionUser; sessionId: string } {
  if (!request.user || !request.sessionId) throw new AppError('UNAUTHENTICATED', message);
  return { user: request.user, sessionId: request.sessionId };
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}
