import { ApiErrorBodySchema } from '@app/shared/errors/error-body.schemas';
import {
  CreateListingBodySchema,
  CreateListingResultSchema,
  OwnListingSchema,
  UpdateListingBodySchema,
} from '@app/shared/listings/listings.schemas';
import {
  AdminApiKeyPageSchema,
  AdminApiKeysQuerySchema,
  API_MESSAGES,
  API_RATE_LIMIT,
  API_TOKEN_TTL_SECONDS,
  ApiKeyListSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
  TokenRequestSchema,
  TokenResponseSchema,
  V1CompanyReputationSchema,
  V1CompanyReviewsQuerySchema,
  V1ListingPageSchema,
  V1ListingsQuerySchema,
  V1ReviewPageSchema,
  VerifyResponseSchema,
} from '@app/shared/public-api/public-api.schemas';
import rateLimit from '@fastify/rate-limit';
// Types only: the OpenAPI keywords (tags, summary, security) on FastifySchema.
import type {} from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { registerBearerAuth, requireApiUser } from '../../plugins/bearer-auth.ts';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { ReviewsModule } from '../reviews/index.ts';
import { hashSecret, type PublicApiService } from './public-api.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const SIGN_IN_FOR_KEYS = 'Please sign in to manage your API keys.';
const bearerAuth = [{ bearerAuth: [] }];

/** The error responses a route may give, all in the one error shape. */
const errors = <S extends 400 | 401 | 403 | 404 | 409 | 429 | 503>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, ApiErrorBodySchema])) as Record<S, typeof ApiErrorBodySchema>;

/** /api/me/api-keys: the signed-in user's API keys (the web app's API Keys tab, cookie session). */
export const apiKeysRoutes =
  (publicApi: PublicApiService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/api-keys',
      {
        schema: {
          tags: ['API keys'],
          summary: 'List your API keys',
          description: 'Newest first; revoked keys are included with revokedAt. Secrets are never returned.',
          response: { 200: ApiKeyListSchema, ...errors(401, 503) },
        },
      },
      async (request) => publicApi.listUserKeys(requireUser(request, SIGN_IN_FOR_KEYS).id),
    );

    app.post(
      '/api/me/api-keys',
      {
        schema: {
          tags: ['API keys'],
          summary: 'Create an API key',
          description:
            'The answer holds the whole secret, the only time it is shown; only its hash is stored.',
          body: CreateApiKeyBodySchema,
          response: { 201: CreatedApiKeySchema, ...errors(400, 401, 403, 409, 503) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, SIGN_IN_FOR_KEYS);
        reply.status(201);
        return publicApi.createKey(user, request.body);
      },
    );

    app.delete(
      '/api/me/api-keys/:id',
      {
        schema: {
          tags: ['API keys'],
          summary: 'Revoke an API key',
          description: 'The key and every token issued for it stop working at once.',
          params: IdParams,
          response: { 204: z.null().describe('Revoked'), ...errors(401, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        await publicApi.revokeUserKey(requireUser(request, SIGN_IN_FOR_KEYS).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };

/** /api/admin/api-keys: every user's keys for /admin/security, and revocation by an administrator. */
export const adminApiKeysRoutes =
  (publicApi: PublicApiService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/api-keys',
      { schema: { querystring: AdminApiKeysQuerySchema, response: { 200: AdminApiKeyPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return publicApi.adminListKeys(request.query.page);
      },
    );

    app.post('/api/admin/api-keys/:id/revoke', { schema: { params: IdParams } }, async (request, reply) => {
      const actor = await access.requireAdmin(request);
      await publicApi.adminRevokeKey(actor, request.params.id);
      return reply.status(204).send();
    });
  };

/**
 * /api/v1: the public REST API. Bearer tokens only (cookies authenticate nothing here), a rate limit
 * per API key with RateLimit-* headers, the web app's own listing rules through the same service, and
 * a company's reputation and published reviews read through the reviews module.
 */
export const publicApiV1Routes =
  (
    publicApi: PublicApiService,
    listings: ListingsService,
    reviews: ReviewsModule,
    opts: { rateLimitPerMinute: number },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin: every v1 route is limited, after authentication (preValidation), per key.
    await app.register(rateLimit, {
      global: true,
      max: opts.rateLimitPerMinute,
      timeWindow: API_RATE_LIMIT.windowSeconds * 1000,
      hook: 'preValidation',
      enableDraftSpec: true,
      keyGenerator: rateLimitKey,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', API_MESSAGES.rateLimited),
    });

    app.post(
      '/api/v1/auth/token',
      {
        schema: {
          tags: ['Authentication'],
          summary: 'Exchange an API key for an access token',
          description: `Returns a bearer token valid for ${API_TOKEN_TTL_SECONDS} seconds. Send it as "Authorization: Bearer <token>" on the other endpoints.`,
          body: TokenRequestSchema,
          response: { 200: TokenResponseSchema, ...errors(400, 401, 429, 503) },
        },
      },
      async (request) => publicApi.exchangeToken(request.body.apiKey),
    );

    const bearerRoutes: FastifyPluginAsyncZod = async (api) => {
      registerBearerAuth(api, publicApi.authenticate);

      api.get(
        '/api/v1/auth/verify',
        {
          schema: {
            tags: ['Authentication'],
            summary: 'Check an access token',
            description: 'Tells whose token it is, with which API key, and when it expires.',
            security: bearerAuth,
            response: { 200: VerifyResponseSchema, ...errors(401, 429, 503) },
          },
        },
        async (request) => publicApi.describe(requireApiUser(request)),
      );

      api.get(
        '/api/v1/listings',
        {
          schema: {
            tags: ['Listings'],
            summary: 'Search active listings',
            description:
              'The marketplace filters and sorts. Pass nextCursor back as cursor, with the same filters and sort, for the next page; it is null on the last page.',
            security: bearerAuth,
            querystring: V1ListingsQuerySchema,
            response: { 200: V1ListingPageSchema, ...errors(400, 401, 429, 503) },
          },
        },
        async (request) => listings.searchByCursor(request.query, requireApiUser(request).user.id),
      );

      api.post(
        '/api/v1/listings',
        {
          schema: {
            tags: ['Listings'],
            summary: 'Create a listing',
            description:
              "The web app's rules: the same validation, sanitising and monthly limit of the free plan (403 when reached).",
            security: bearerAuth,
            body: CreateListingBodySchema,
            response: { 201: CreateListingResultSchema, ...errors(400, 401, 403, 429, 503) },
          },
        },
        async (request, reply) => {
          const { user } = requireApiUser(request);
          reply.status(201);
          return listings.createListing(user, request.body);
        },
      );

      api.put(
        '/api/v1/listings/:id',
        {
          schema: {
            tags: ['Listings'],
            summary: 'Update one of your listings',
            description:
              'Only the fields sent change. Another user\u2019s listing is a 403; an unknown id a 404.',
            security: bearerAuth,
            params: IdParams,
            body: UpdateListingBodySchema,
            response: { 200: OwnListingSchema, ...errors(400, 401, 403, 404, 429, 503) },
          },
        },
        async (request) =>
          listings.updateOwnListing(requireApiUser(request).user, request.params.id, request.body, {
            notOwnedMessage: API_MESSAGES.listingNotOwned,
          }),
      );

      api.get(
        '/api/v1/companies/:id/reputation',
        {
          schema: {
            tags: ['Companies'],
            summary: "Read a company's reputation",
            description:
              'The figures of the company page: rating and reviews, completed deals, tonnes traded, response time, claims lost and the verification level. Computed from deals and published reviews only. An unknown or removed company is a 404.',
            security: bearerAuth,
            params: IdParams,
            response: { 200: V1CompanyReputationSchema, ...errors(401, 404, 429, 503) },
          },
        },
        async (request) => {
          requireApiUser(request);
          const { companyId, reputation } = await reviews.reputation.getCompanyReputation(request.params.id);
          return { companyId, reputation };
        },
      );

      api.get(
        '/api/v1/companies/:id/reviews',
        {
          schema: {
            tags: ['Companies'],
            summary: "List a company's published reviews",
            description:
              'Newest first. A review is public once both traders of the deal have reviewed each other, or 14 days after the deal; one an administrator hid never appears. Pass nextCursor back as cursor for the next page; it is null on the last page.',
            security: bearerAuth,
            params: IdParams,
            querystring: V1CompanyReviewsQuerySchema,
            response: { 200: V1ReviewPageSchema, ...errors(400, 401, 404, 429, 503) },
          },
        },
        async (request) => {
          requireApiUser(request);
          return reviews.reviews.companyReviewsByCursor(request.params.id, request.query);
        },
      );
    };
    await app.register(bearerRoutes);
  };

/**
 * One bucket per API key: the token's key after authentication; on the token exchange, the presented
 * key's hash (never the key itself, which would sit in memory), or the address when there is none.
 */
function rateLimitKey(request: FastifyRequest): string {
  if (request.apiUser) return `key:${request.apiUser.key.id}`;
  const apiKey = (request.body as { apiKey?: unknown } | undefined)?.apiKey;
  if (typeof apiKey === 'string' && apiKey.length > 0) return `presented:${hashSecret(apiKey)}`;
  return `ip:${request.ip}`;
}
