import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * A route's per-user upload allowance for @fastify/rate-limit. Keyed by the signed-in user (the
 * session is resolved on request, before this hook), so a new address does not buy a new allowance;
 * a visitor is keyed by address and refused for want of a session anyway.
 */
export function uploadRateLimit(opts: { name: string; perMinute: number; message: string }) {
  return {
    rateLimit: {
      max: opts.perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        request.user ? `${opts.name}-user:${request.user.id}` : `${opts.name}-ip:${request.ip}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', opts.message),
    },
  };
}
