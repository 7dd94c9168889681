import { AppError } from './app-error.ts';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs for a server that is going away or not taking connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 53300 too_many_connections, 3D000 (the database is gone, e.g. renamed during maintenance).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
/** node-postgres raises these without a code when a connection dies or the pool cannot get one. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /is not currently accepting connections/,
];

/**
 * Whether `err` (or any error in its `cause` chain: Drizzle and Better Auth wrap the driver's error)
 * means the database cannot be reached right now, as opposed to a query that failed on its own.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    e = cause;
  }
  return false;
}

/** The 503 answered while the database is unreachable: the client keeps its state and retries. */
export function databaseUnavailable(): AppError {
  return new AppError(
    'UNAVAILABLE',
    'Recytrade cannot reach its database right now. Please try again in a few seconds.',
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}
