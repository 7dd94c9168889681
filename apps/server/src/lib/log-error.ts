import { serializeError } from 'serialize-error';

/**
 * One JSON error line with the error itself: message, stack and every field it carries (a pg error's
 * code, pg-boss's queue and worker). pg-boss reports worker failures as plain objects, which
 * `String(err)` turned into "[object Object]".
 */
export function errorLine(msg: string, err: unknown, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ level: 'error', msg, ...fields, err: serializeError(err) });
}

/** Writes `errorLine` to stderr, for code that runs outside a request and has no Fastify logger. */
export function logError(msg: string, err: unknown, fields: Record<string, unknown> = {}): void {
  console.error(errorLine(msg, err, fields));
}
