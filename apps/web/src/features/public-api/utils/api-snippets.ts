import { API_RATE_LIMIT, API_TOKEN_TTL_SECONDS } from '@app/shared/public-api/public-api.schemas';

const API_KEY_PLACEHOLDER = '<your-api-key>';
const TOKEN_PLACEHOLDER = '<access-token>';

/** Step 2 of getting started: exchange an API key for a bearer token. */
export const tokenRequestSnippet = (origin: string, apiKey = API_KEY_PLACEHOLDER) =>
  `curl -X POST "${origin}/api/v1/auth/token" \\
  -H "Content-Type: application/json" \\
  -d '{"apiKey": "${apiKey}"}'`;

/** Checks a token and shows whose it is. */
export const verifyRequestSnippet = (origin: string) => `curl "${origin}/api/v1/auth/verify" \\
  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`;

/** Step 3: a listing search with the marketplace's filters; `nextCursor` in the answer fetches the next page. */
export const listingsRequestSnippet = (origin: string) =>
  `curl "${origin}/api/v1/listings?category=metals&type=sell&limit=20" \\
  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`;

/** "1 hour", "30 minutes", "45 seconds". */
export function formatDuration(seconds: number) {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

export type ApiRateLimit = { requestsPerWindow: number; windowSeconds: number };

/** "120 requests per minute": the limit the server enforces (see useApiRateLimit), else the default. */
export const rateLimitText = (limit: ApiRateLimit = API_RATE_LIMIT) =>
  `${limit.requestsPerWindow} requests per ${
    limit.windowSeconds === 60 ? 'minute' : formatDuration(limit.windowSeconds)
  }`;

export const tokenLifetimeText = () => formatDuration(API_TOKEN_TTL_SECONDS);
