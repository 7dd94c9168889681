/** Every error code the API may answer with; the browser branches on a few of them. */
export const ERROR_CODES = [
  /** The request body, query or params did not match the contract. */
  'VALIDATION_FAILED',
  /** No valid session (or token) came with a request that needs one. */
  'UNAUTHENTICATED',
  /** Signed in, but this user may not do this. */
  'FORBIDDEN',
  /** The thing asked for does not exist (or is not visible to this user). */
  'NOT_FOUND',
  /** The request conflicts with the current state (duplicate, stale state). */
  'CONFLICT',
  /** Too many requests; retry after the time in Retry-After. */
  'RATE_LIMITED',
  /** The body was larger than the server accepts. */
  'PAYLOAD_TOO_LARGE',
  /** Sign-in refused because the email address is not confirmed yet. */
  'EMAIL_NOT_VERIFIED',
  /** Email or password did not match. */
  'INVALID_CREDENTIALS',
  /** Another instance holds the data directory, or a dependency is down. */
  'UNAVAILABLE',
  /** The payment provider refused or could not be reached (checkout, portal, refund); try again. */
  'PAYMENT_PROVIDER_ERROR',
  /** The deal's state machine refuses this action now (wrong status, escrow, party or already done). */
  'DEAL_TRANSITION_NOT_ALLOWED',
  /** A deal's claim refuses this step now (wrong status, party or window, or a claim already open). */
  'CLAIM_TRANSITION_NOT_ALLOWED',
  /** A deal asks for more than its listing has left (deals hold the rest); details: { remainingQuantity }. */
  'LISTING_QUANTITY_UNAVAILABLE',
  /** A deal's escrow account disagrees with what the deal says it holds: no money moves until reconciled. */
  'ESCROW_MISMATCH',
  /** A free user may not write in this deal thread now: the contact fee opens it as a general conversation. */
  'CONTACT_FEE_REQUIRED',
  /** The platform is in maintenance mode; only administrators may use it. */
  'MAINTENANCE',
  /** An administrator has closed new registrations (System Settings). */
  'REGISTRATIONS_CLOSED',
  /** An administrator has closed new listings (System Settings). */
  'NEW_LISTINGS_CLOSED',
  /** The user's plan allows no more new listings this month (the free plan's monthly limit). */
  'LISTING_LIMIT_REACHED',
  /** Anything unexpected; the message is generic. */
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CREDENTIALS: 401,
  UNAVAILABLE: 503,
  PAYMENT_PROVIDER_ERROR: 502,
  DEAL_TRANSITION_NOT_ALLOWED: 409,
  CLAIM_TRANSITION_NOT_ALLOWED: 409,
  ESCROW_MISMATCH: 409,
  LISTING_QUANTITY_UNAVAILABLE: 409,
  CONTACT_FEE_REQUIRED: 402,
  MAINTENANCE: 503,
  REGISTRATIONS_CLOSED: 403,
  NEW_LISTINGS_CLOSED: 403,
  LISTING_LIMIT_REACHED: 403,
  INTERNAL: 500,
};

/** The one error shape on the wire (its schema, for the server and the API document: error-body.schemas.ts). */
export type ApiErrorBody = { error: { code: string; message: string; details?: unknown } };

/** Whether an answer has the error shape; the browser reads error answers with it, without zod. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
