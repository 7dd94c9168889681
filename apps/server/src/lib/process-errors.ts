import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { describeError } from './log-error.ts';

/** The process events an error nobody caught arrives on. */
export const PROCESS_ERROR_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

/**
 * What an error nobody caught does to the server. A lost database connection (a driver's 'error'
 * event or a background promise that met the outage) says nothing about the process: it is logged,
 * and the server carries on, answering 503 until the database is back. Anything else is a bug: the
 * server shuts down gracefully (`shutdown`, given `delayMs` at most) with exit code 1, and a second
 * error, or one while a shutdown is under way, exits at once.
 */
export function createProcessErrorHandler(opts: {
  logger: Pick<FastifyBaseLogger, 'error'>;
  shutdown: () => Promise<void>;
  /** Whether a shutdown (a signal's) has begun. */
  stopping: () => boolean;
  delayMs: number;
  exit?: (code: number) => void;
}): (err: unknown) => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  return (err) => {
    if (isDatabaseUnavailable(err)) {
      opts.logger.error(
        { err: describeError(err) },
        'database connection lost outside a request; carrying on',
      );
      return;
    }
    if (opts.stopping()) {
      opts.logger.error({ err }, 'second error, exiting');
      exit(1);
      return;
    }
    opts.logger.error({ err }, 'shutting down after an error');
    const timeout = setTimeout(() => {
      opts.logger.error({}, `killed by timeout (${opts.delayMs}ms)`);
      exit(1);
    }, opts.delayMs);
    opts
      .shutdown()
      .catch((shutdownErr: unknown) => opts.logger.error({ err: shutdownErr }, 'shutdown failed'))
      .finally(() => {
        clearTimeout(timeout);
        exit(1);
      });
  };
}
