import {
  hasNulCharacter,
  ILL_FORMED_TEXT_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  unstorableTextMessage,
} from '@app/shared/zod';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The server's side of the text rule: the shared contracts refuse U+0000 and lone surrogates in every
 * text field (packages/shared/src/zod.ts); this guard refuses them where no text schema looks. Before
 * routing: a `%00` in the URL, a percent-encoded surrogate (`%ED%A0%80`, bytes UTF-8 does not allow),
 * and a header value holding either (Better Auth stores the user agent). After validation: anywhere
 * left in a request body (an object key, a free-form JSON value, a route without a body schema).
 * PostgreSQL cannot store NUL in text or jsonb, and a lone surrogate has no UTF-8 form, so without
 * this they would reach the database and answer 500, or be stored as U+FFFD without a word.
 */
export function registerNulCharacterGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE);
    const message = ENCODED_SURROGATE.test(request.url)
      ? ILL_FORMED_TEXT_MESSAGE
      : unstorableTextIn(request.headers);
    if (message) throw new AppError('VALIDATION_FAILED', message);
  });
  app.addHook('preHandler', async (request) => {
    const message = unstorableTextIn(request.body);
    if (message) throw new AppError('VALIDATION_FAILED', message);
  });
}

/** UTF-8's form of U+D800 to U+DFFF, percent-encoded: ED followed by A0 to BF. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]/i;

/** Whether a parsed body holds U+0000 in any string or object key (iterative: deep JSON cannot overflow). */
export function containsNulCharacter(body: unknown): boolean {
  return unstorableTextIn(body, hasNulCharacter) !== null;
}

/**
 * The message of the first string or object key in `body` that PostgreSQL cannot store (NUL, a lone
 * surrogate), or null. Iterative, so deeply nested JSON cannot overflow the stack.
 */
export function unstorableTextIn(
  body: unknown,
  isUnstorable: (text: string) => boolean = (text) => unstorableTextMessage(text) !== null,
): string | null {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (isUnstorable(value)) return unstorableTextMessage(value);
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return unstorableTextMessage(key);
        pending.push(item);
      }
    }
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  // Fastify's headers object has a null prototype, as a body parsed from JSON may.
  return proto === Object.prototype || proto === null;
}
