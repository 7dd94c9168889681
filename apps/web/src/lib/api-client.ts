import { ERROR_CODES, ERROR_STATUS, type ErrorCode, isApiErrorBody } from '@app/shared/errors/error-codes';
import { clearOfflineCopies, OFFLINE_COPY_HEADER } from './offline';
import { takePreloadedAnswer } from './preloaded-answers';
import { serverConnection } from './server-connection';

/** The one error shape the web app handles: the server's `{ error: { code, message } }`, or a local stand-in. */
export type ApiError = { code: string; message: string; status?: number; details?: unknown };

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/**
 * Whether the server refused by one of its rules (a code of the shared list that is not a fault), so
 * its message is meant for the user; a fault, an unknown answer or a network failure is not.
 */
export function isRuleRefusal(error: ApiError): boolean {
  return (
    (ERROR_CODES as readonly string[]).includes(error.code) && ERROR_STATUS[error.code as ErrorCode] < 500
  );
}
const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again.';

/** Thrown by every api.* call that does not get a 2xx answer. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  /** What the server chose to add for the client (e.g. the escrow provider's host and the error's meaning). */
  readonly details?: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * The server could not answer now, as opposed to answering no: its database is unreachable (503
 * UNAVAILABLE), a proxy found it down (502, 504), or the network failed. Such a request is retried and
 * never read as "signed out". Maintenance mode (503 MAINTENANCE) is an answer and has its own page.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (error instanceof ApiRequestError)
    return (
      error.status === 502 || error.status === 504 || (error.status === 503 && error.code !== 'MAINTENANCE')
    );
  return error instanceof TypeError;
}

/** Turn anything thrown by a request (API error, network failure, bug) into `{ code, message }`. */
export function parseApiError(error: unknown): ApiError {
  if (error instanceof ApiRequestError)
    return { code: error.code, message: error.message, status: error.status, details: error.details };
  if (isApiErrorBody(error)) return { code: error.error.code, message: error.error.message };
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when the network is down or the server cannot be reached.
    return {
      code: NETWORK_ERROR_CODE,
      message: 'Unable to reach Recytrade. Check your connection and try again.',
    };
  }
  return { code: 'UNKNOWN', message: GENERIC_MESSAGE };
}

type Query = Record<string, string | number | boolean | undefined | null>;
type RequestOptions = { query?: Query; signal?: AbortSignal };

function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path, options.query);
  const preloaded = method === 'GET' ? takePreloadedAnswer(url) : undefined;
  if (preloaded) return preloaded.body as T;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (isServerUnreachable(error)) serverConnection.markLost();
    throw error;
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) {
    if (response.headers.get(OFFLINE_COPY_HEADER)) serverConnection.markOfflineCopy();
    else serverConnection.markReachable();
    return data as T;
  }
  const error = isApiErrorBody(data)
    ? new ApiRequestError(response.status, data.error.code, data.error.message, data.error.details)
    : new ApiRequestError(response.status, response.status >= 500 ? 'INTERNAL' : 'UNKNOWN', GENERIC_MESSAGE);
  if (isServerUnreachable(error)) serverConnection.markLost();
  else serverConnection.markReachable();
  // The server no longer knows this session: its copies kept for reading offline go with it.
  if (response.status === 401) await clearOfflineCopies().catch(() => undefined);
  throw error;
}

/**
 * A query's `initialData`: the answer the server inlined into the page for this read (`path` and
 * `query` as `api.get` builds them), taken once as `api.get` would take it. A visitor's first screen
 * then renders with its data in the router's first render, instead of its skeleton and a second render
 * of the whole screen when the answer arrives. `pick` shapes the answer as the query keeps it.
 */
export function preloadedData<T, D = T>(
  path: string,
  options: { query?: Query; pick?: (body: T) => D } = {},
): () => D | undefined {
  return () => {
    const answer = takePreloadedAnswer(buildUrl(path, options.query));
    if (!answer) return undefined;
    return options.pick ? options.pick(answer.body as T) : (answer.body as D);
  };
}

/** Same-origin JSON client; the session rides on the httpOnly cookie. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
};
