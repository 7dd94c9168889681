import { vi } from 'vitest';

/** A request the component sent: method, path, query and JSON body. */
export type SentRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};

/** An answer: a JSON body (200), or a status with a body, e.g. the server's error shape. */
export type MockAnswer = { status: number; body?: unknown } | { body: unknown };
type Handler = (request: SentRequest) => MockAnswer | unknown;

/** The server's error shape, `{ error: { code, message } }`, with the status the code maps to. */
export const apiError = (status: number, code: string, message: string, details?: unknown): MockAnswer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) } },
});

/**
 * Stubs `fetch` with the routes given, keyed "METHOD /path" (no query string): a handler returns the
 * answer (`{ body }` / `{ status, body }`) or, for a 200, the body itself. Every request is recorded in
 * `requests`; one no route answers fails the test with a 501 the component reports.
 */
export function mockApi(routes: Record<string, Handler | object>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (route === undefined) {
      return json(501, {
        error: { code: 'INTERNAL', message: `No mock for ${request.method} ${request.path}` },
      });
    }
    const answer = typeof route === 'function' ? (route as Handler)(request) : route;
    if (answer && typeof answer === 'object' && 'body' in answer) {
      const { status = 200, body } = answer as { status?: number; body: unknown };
      return json(status, body);
    }
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests sent to one "METHOD /path". */
    sent: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
