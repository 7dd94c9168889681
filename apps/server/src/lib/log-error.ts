import { serializeError } from 'serialize-error';

/**
 * The error as plain data: name, message, stack, every scalar field (a pg error's code and severity,
 * pg-boss's queue and worker) and its cause. Object fields are left out: a pg error carries its whole
 * client (connection parameters, type tables, sockets), kilobytes of noise that no log line should hold.
 */
export function describeError(err: unknown): unknown {
  const serialized = serializeError(err, { maxDepth: 4 });
  if (!serialized || typeof serialized !== 'object') return serialized;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'cause') out.cause = describeError(value);
    else if (value === null || typeof value !== 'object') out[key] = value;
  }
  return out;
}

/**
 * One JSON error line with the error itself. pg-boss reports worker failures as plain objects, which
 * `String(err)` turned into "[object Object]".
 */
export function errorLine(msg: string, err: unknown, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ level: 'error', msg, ...fields, err: describeError(err) });
}

/** Writes `errorLine` to stderr, for code that runs outside a request and has no Fastify logger. */
export function logError(msg: string, err: unknown, fields: Record<string, unknown> = {}): void {
  console.error(errorLine(msg, err, fields));
}
