import { ApiErrorBodySchema } from '@app/shared/errors/error-body.schemas';
import { ListingSchema, OwnListingSchema } from '@app/shared/listings/listings.schemas';
import {
  API_RATE_LIMIT,
  API_TOKEN_TTL_SECONDS,
  RATE_LIMIT_EXTENSION,
  V1ReputationSchema,
  V1ReviewSchema,
} from '@app/shared/public-api/public-api.schemas';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Only the public REST API is documented; every other route is the web app's private API. */
export const PUBLIC_API_PREFIX = '/api/v1/';
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';

/** The name every bearer-protected v1 route uses in `security: [{ bearerAuth: [] }]`. */
export const BEARER_SECURITY_SCHEME = 'bearerAuth';

/** The document only changes with a deploy; a short max-age keeps clients from holding a stale one long. */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

export const isPublicApiRoute = (url: string) =>
  url.startsWith(PUBLIC_API_PREFIX) && url !== OPENAPI_DOCUMENT_PATH;

/** The overview at the top of the document (the same ground as docs/API.md, in brief). */
function apiDescription(rateLimitPerMinute: number): string {
  return [
    "Manage Recytrade listings from your own systems: search the marketplace, create listings and update your own, and read a company's reputation and published reviews.",
    '',
    '## Authentication',
    `Create an API key in your account (Account → API Keys). Exchange it at \`POST /api/v1/auth/token\` for a bearer token that lives ${API_TOKEN_TTL_SECONDS / 60} minutes, and send it on every other call as \`Authorization: Bearer <token>\`. Revoked keys and the keys of suspended accounts stop working at once.`,
    '',
    '## Rate limits',
    `Each key may make ${rateLimitPerMinute} requests per ${API_RATE_LIMIT.windowSeconds} seconds. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; over the limit the answer is 429 with \`Retry-After\` in seconds.`,
    '',
    '## Pagination',
    '`GET /api/v1/listings` and `GET /api/v1/companies/{id}/reviews` return `nextCursor`; pass it back as `cursor` (with the same filters and sort, for listings) for the next page. It is `null` on the last page.',
    '',
    '## Errors',
    'Every error has the body `{ "error": { "code", "message" } }`: 400 `VALIDATION_FAILED`, 401 `UNAUTHENTICATED`, 403 `FORBIDDEN`, 404 `NOT_FOUND`, 409 `CONFLICT`, 429 `RATE_LIMITED`.',
  ].join('\n');
}

/**
 * Schemas shared by several operations become named components (`#/components/schemas/ApiError`), so the
 * document and the generated SDK name them once. The library reads ids from zod's global registry.
 */
const COMPONENTS = [
  [ApiErrorBodySchema, 'ApiError'],
  [ListingSchema, 'Listing'],
  [OwnListingSchema, 'OwnListing'],
  [V1ReputationSchema, 'Reputation'],
  [V1ReviewSchema, 'Review'],
] as const;
for (const [schema, id] of COMPONENTS) {
  const meta = z.globalRegistry.get(schema);
  if (!meta?.id) z.globalRegistry.add(schema, { ...meta, id });
}

/** What each status means on every v1 operation (the error codes are in the body). */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED)',
  401: 'Missing, unknown, expired or revoked credentials (UNAUTHENTICATED)',
  403: 'Not allowed: not your listing, a limit of your plan reached, or new listings closed (FORBIDDEN)',
  404: 'No such resource (NOT_FOUND)',
  409: 'Conflicts with the current state (CONFLICT)',
  429: 'Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED)',
  503: 'The platform is in maintenance (MAINTENANCE)',
};

const integerHeader = (description: string) => ({ schema: { type: 'integer' }, description });
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader('Requests allowed per window for this API key'),
  'RateLimit-Remaining': integerHeader('Requests left in the current window'),
  'RateLimit-Reset': integerHeader('Seconds until the window resets'),
};
const RETRY_AFTER_HEADER = { 'Retry-After': integerHeader('Seconds to wait before retrying') };

type JsonObject = Record<string, unknown>;
type OpenApiObject = {
  paths?: Record<string, Record<string, { responses?: Record<string, JsonObject> }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Adds the status descriptions and the rate-limit headers, which the zod schemas cannot express. */
function describeResponses(document: OpenApiObject) {
  for (const operation of Object.values(document.paths ?? {}).flatMap((item) => Object.values(item))) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!response.description || response.description === 'Default Response') {
        response.description = RESPONSE_DESCRIPTIONS[status] ?? 'Response';
      }
      if (status.startsWith('2')) response.headers = { ...RATE_LIMIT_HEADERS };
      if (status === '429') response.headers = { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER };
    }
  }
}

/**
 * The library emits every registered component in both its input and output form; keep only those
 * the documented operations reference (the hidden routes may use the others).
 */
function pruneUnusedComponents(document: OpenApiObject) {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const referenced = (value: unknown) =>
    new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
  let used = referenced(document.paths);
  // Components may reference components: widen until nothing new is found.
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    used = new Set([...used, ...referenced([...used].map((name) => schemas[name]))]);
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * Code generators name methods after operationId; without one on the route it is derived from the
 * method and path: `PUT /api/v1/listings/:id` → `putListingsById`.
 */
function operationIdOf(method: string | string[], url: string): string {
  const words = url
    .slice(PUBLIC_API_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[-_]/));
  const verb = (Array.isArray(method) ? method[0] : method).toLowerCase();
  return verb + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const zodTransform = createJsonSchemaTransform({});

/**
 * Collects every route's zod schemas into the OpenAPI 3.1 document of the public API. Register it
 * before any route: @fastify/swagger learns routes from an onRoute hook. Schemas convert only when the
 * document is first built, and only for /api/v1 routes, so the private routes cost nothing.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { appUrl: string; rateLimitPerMinute?: number },
) {
  const rateLimit = {
    requestsPerWindow: opts.rateLimitPerMinute ?? API_RATE_LIMIT.requestsPerWindow,
    windowSeconds: API_RATE_LIMIT.windowSeconds,
  };
  const info = {
    title: 'Recytrade API',
    version: '1.0.0',
    description: apiDescription(rateLimit.requestsPerWindow),
    // The limit this server enforces, machine-readable (an OpenAPI extension): the /api page reads it.
    [RATE_LIMIT_EXTENSION]: rateLimit,
  };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info,
      servers: [{ url: opts.appUrl }],
      tags: [
        { name: 'Authentication', description: 'Exchange an API key for a bearer token and check a token.' },
        { name: 'Listings', description: 'Search the marketplace and manage your own listings.' },
      ],
      components: {
        securitySchemes: {
          [BEARER_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A token from POST /api/v1/auth/token.',
          },
        },
      },
    },
    transform: (route) => {
      if (!isPublicApiRoute(route.url)) return { schema: { hide: true }, url: route.url };
      const transformed = zodTransform(route);
      const schema = transformed.schema as { operationId?: string };
      schema.operationId ??= operationIdOf(route.route.method, route.url);
      return transformed;
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as OpenApiObject;
      describeResponses(document);
      pruneUnusedComponents(document);
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });

  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', DOCUMENT_CACHE_CONTROL).type('application/json').send(app.swagger());
  });
}
