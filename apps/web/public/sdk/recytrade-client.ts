/**
 * A small, dependency-free client for the Recytrade API v1 (TypeScript, Node 18+ or a browser).
 * Save it next to recytrade-api.d.ts, the types generated from /api/v1/openapi.json.
 *
 *   const recytrade = new RecytradeClient({ baseUrl: 'https://recytrade.example', apiKey: process.env.RECYTRADE_API_KEY! });
 *   const page = await recytrade.searchListings({ category: 'metals', type: 'sell' });
 *
 * The client exchanges the key for a bearer token, renews the token shortly before it expires, and
 * throws RecytradeApiError with the API's error code for any answer that is not a success.
 */
import type { components, paths } from './recytrade-api.js';

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type JsonRequestBody<T> = T extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : never;

export type Listing = components['schemas']['Listing'];
export type OwnListing = components['schemas']['OwnListing'];
export type ApiErrorBody = components['schemas']['ApiError'];
export type TokenResponse = JsonContent<paths['/api/v1/auth/token']['post']['responses'][200]>;
export type VerifyResponse = JsonContent<paths['/api/v1/auth/verify']['get']['responses'][200]>;
export type SearchListingsQuery = NonNullable<paths['/api/v1/listings']['get']['parameters']['query']>;
export type ListingPage = JsonContent<paths['/api/v1/listings']['get']['responses'][200]>;
export type CreateListingBody = JsonRequestBody<paths['/api/v1/listings']['post']>;
export type CreateListingResult = JsonContent<paths['/api/v1/listings']['post']['responses'][201]>;
export type UpdateListingBody = JsonRequestBody<paths['/api/v1/listings/{id}']['put']>;
export type Reputation = components['schemas']['Reputation'];
export type Review = components['schemas']['Review'];
export type CompanyReputation = JsonContent<
  paths['/api/v1/companies/{id}/reputation']['get']['responses'][200]
>;
export type CompanyReviewsQuery = NonNullable<
  paths['/api/v1/companies/{id}/reviews']['get']['parameters']['query']
>;
export type ReviewPage = JsonContent<paths['/api/v1/companies/{id}/reviews']['get']['responses'][200]>;

export type RecytradeClientOptions = {
  /** Where Recytrade runs, e.g. "https://recytrade.example" (no trailing /api). */
  baseUrl: string;
  /** The secret shown once when the key was created in Account → API Keys ("rtk_…"). */
  apiKey: string;
  /** Renew the token this many seconds before it expires; 60 by default. */
  refreshMarginSeconds?: number;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof fetch;
};

/** Any answer that is not a success: the HTTP status and the API's `{ error: { code, message } }`. */
export class RecytradeApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  /** On 429: the seconds to wait before retrying (the Retry-After header). */
  readonly retryAfterSeconds?: number;

  constructor(status: number, body: ApiErrorBody | undefined, retryAfterSeconds?: number) {
    super(body?.error.message ?? `Request failed with status ${status}`);
    this.name = 'RecytradeApiError';
    this.status = status;
    this.code = body?.error.code ?? 'UNKNOWN';
    this.details = body?.error.details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  token?: string;
};

export class RecytradeClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly refreshMarginMs: number;
  private readonly fetchImpl: typeof fetch;
  private token: { value: string; expiresAtMs: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(options: RecytradeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.refreshMarginMs = (options.refreshMarginSeconds ?? 60) * 1000;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** POST /api/v1/auth/token: a new bearer token for the key. The other methods call it when needed. */
  async exchangeToken(): Promise<TokenResponse> {
    return this.request<TokenResponse>('POST', '/api/v1/auth/token', { body: { apiKey: this.apiKey } });
  }

  /** GET /api/v1/auth/verify: whose token this is, with which key, and when it expires. */
  verify(): Promise<VerifyResponse> {
    return this.authorized<VerifyResponse>('GET', '/api/v1/auth/verify');
  }

  /** GET /api/v1/listings: one page of active listings; pass `nextCursor` back as `cursor` for the next. */
  searchListings(query: SearchListingsQuery = {}): Promise<ListingPage> {
    return this.authorized<ListingPage>('GET', '/api/v1/listings', { query });
  }

  /** Every listing that matches, page after page. */
  async *allListings(query: Omit<SearchListingsQuery, 'cursor'> = {}): AsyncGenerator<Listing> {
    let cursor: string | undefined;
    do {
      const page = await this.searchListings({ ...query, cursor });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** POST /api/v1/listings: a new listing, with the web app's validation and monthly limit. */
  createListing(body: CreateListingBody): Promise<CreateListingResult> {
    return this.authorized<CreateListingResult>('POST', '/api/v1/listings', { body });
  }

  /** PUT /api/v1/listings/{id}: changes the fields sent on one of your listings. */
  updateListing(id: string, body: UpdateListingBody): Promise<OwnListing> {
    return this.authorized<OwnListing>('PUT', `/api/v1/listings/${encodeURIComponent(id)}`, { body });
  }

  /** GET /api/v1/companies/{id}/reputation: the company's trading record and verification level. */
  companyReputation(companyId: string): Promise<CompanyReputation> {
    return this.authorized<CompanyReputation>(
      'GET',
      `/api/v1/companies/${encodeURIComponent(companyId)}/reputation`,
    );
  }

  /** GET /api/v1/companies/{id}/reviews: one page of its published reviews, newest first. */
  companyReviews(companyId: string, query: CompanyReviewsQuery = {}): Promise<ReviewPage> {
    return this.authorized<ReviewPage>('GET', `/api/v1/companies/${encodeURIComponent(companyId)}/reviews`, {
      query,
    });
  }

  /** Every published review of the company, page after page. */
  async *allCompanyReviews(
    companyId: string,
    query: Omit<CompanyReviewsQuery, 'cursor'> = {},
  ): AsyncGenerator<Review> {
    let cursor: string | undefined;
    do {
      const page = await this.companyReviews(companyId, { ...query, cursor });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** A token valid for at least the refresh margin; concurrent callers share one exchange. */
  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAtMs - this.refreshMarginMs) return this.token.value;
    this.pendingToken ??= this.exchangeToken()
      .then((answer) => {
        this.token = { value: answer.accessToken, expiresAtMs: Date.now() + answer.expiresIn * 1000 };
        return answer.accessToken;
      })
      .finally(() => {
        this.pendingToken = null;
      });
    return this.pendingToken;
  }

  /** A bearer call; a token refused with 401 (expired early, or revoked) is renewed once. */
  private async authorized<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    try {
      return await this.request<T>(method, path, { ...options, token: await this.accessToken() });
    } catch (error) {
      if (!(error instanceof RecytradeApiError) || error.status !== 401) throw error;
      this.token = null;
      return this.request<T>(method, path, { ...options, token: await this.accessToken() });
    }
  }

  private async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetchImpl(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const data = parseJson(await response.text());
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new RecytradeApiError(
        response.status,
        isApiErrorBody(data) ? data : undefined,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return data as T;
  }
}

/** The body as JSON; undefined when empty or not JSON (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
