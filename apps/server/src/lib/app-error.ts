import { ERROR_STATUS, type ErrorCode } from '@app/shared/errors/error-codes';

/** The one error class services throw; the error handler turns it into the wire shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  /** Whether `details` are meant for the client (sent as `error.details`); otherwise they stay in logs. */
  readonly expose: boolean;

  constructor(code: ErrorCode, message: string, details?: unknown, options: { expose?: boolean } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.expose = options.expose ?? false;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = "You don't have permission to access this page.") =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in required') => new AppError('UNAUTHENTICATED', message);
