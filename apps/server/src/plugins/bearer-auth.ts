import { API_MESSAGES } from '@app/shared/public-api/public-api.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from './session.ts';

/** The caller of /api/v1, authenticated by its bearer token (the public-api module issues them). */
export type ApiPrincipal = {
  user: SessionUser & { company: string | null };
  key: { id: string; name: string; prefix: string };
  expiresAt: Date;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's principal on the public API (/api/v1); never set from a cookie. */
    apiUser: ApiPrincipal | null;
  }
}

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * Bearer authentication for the routes of the plugin it is registered in (the public API): every
 * request needs `Authorization: Bearer <token>`, checked before the body is read; session cookies
 * play no part. A failure is a 401 with the error shape and an RFC 6750 WWW-Authenticate header.
 */
export function registerBearerAuth(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<ApiPrincipal>,
) {
  if (!app.hasRequestDecorator('apiUser')) app.decorateRequest('apiUser', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) {
      reply.header('www-authenticate', 'Bearer realm="api"');
      throw new AppError('UNAUTHENTICATED', API_MESSAGES.missingToken);
    }
    const token = BEARER.exec(header)?.[1];
    try {
      if (!token) throw new AppError('UNAUTHENTICATED', API_MESSAGES.invalidToken);
      request.apiUser = await authenticate(token);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED')
        reply.header('www-authenticate', 'Bearer realm="api", error="invalid_token"');
      throw err;
    }
  });
}

/** The bearer principal of a request inside registerBearerAuth's scope. */
export function requireApiUser(request: FastifyRequest): ApiPrincipal {
  if (!request.apiUser) throw new AppError('UNAUTHENTICATED', API_MESSAGES.missingToken);
  return request.apiUser;
}
