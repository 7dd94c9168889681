import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '@app/shared/zod';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The server's side of the NUL rule. The shared contracts refuse U+0000 in every text field
 * (packages/shared/src/zod.ts); this guard refuses it where no text schema looks: a `%00` in the URL
 * (path or query, before routing) and, after validation, anywhere left in a request body (an object
 * key, a free-form JSON value, a route without a body schema). PostgreSQL cannot store NUL in text or
 * jsonb, so without this it would reach the database and answer 500.
 */
export function registerNulCharacterGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE);
  });
  app.addHook('preHandler', async (request) => {
    if (containsNulCharacter(request.body)) throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE);
  });
}

/** Whether a parsed body holds U+0000 in any string or object key (iterative: deep JSON cannot overflow). */
export function containsNulCharacter(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasNulCharacter(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasNulCharacter(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
