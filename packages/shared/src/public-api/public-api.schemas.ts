import { LISTING_SORTS, ListingSchema, ListListingsQuerySchema } from '../listings/listings.schemas.ts';
import { ReputationFiguresSchema, ReviewSchema } from '../reviews/reviews.schemas.ts';
import * as z from '../zod.ts';

/**
 * The public REST API v1: API keys a user manages in /account, the short-lived bearer tokens a key
 * is exchanged for, the v1 listing search with cursor pagination, and a company's reputation and
 * published reviews. Listing bodies are the web app's own contracts (CreateListingBodySchema,
 * UpdateListingBodySchema): one service, two front doors.
 */

export const API_KEY_LIMITS = {
  nameMaxLength: 60,
  /** Active (unrevoked) keys one user may hold. */
  maxActiveKeysPerUser: 10,
  /** The key's visible start, shown in lists and stored in clear: "rtk_" and 8 characters. */
  prefixLength: 12,
} as const;

export const API_TOKEN_TTL_SECONDS = 3600;

/** The OpenAPI document's `info` extension with the limit the server enforces (it may differ from the default). */
export const RATE_LIMIT_EXTENSION = 'x-rate-limit';

/** Requests per key per minute on /api/v1 by default (the operator's API_RATE_LIMIT_PER_MINUTE). */
export const API_RATE_LIMIT = { requestsPerWindow: 120, windowSeconds: 60 } as const;

/** Secrets start with a recognisable prefix, so secret scanners and people can tell them apart. */
export const API_KEY_SECRET_PREFIX = 'rtk_';
export const API_TOKEN_SECRET_PREFIX = 'rtt_';

export const API_MESSAGES = {
  nameRequired: 'Please enter a name for the key',
  nameTooLong: `Key name must be at most ${API_KEY_LIMITS.nameMaxLength} characters`,
  tooManyKeys: `You can have at most ${API_KEY_LIMITS.maxActiveKeysPerUser} active API keys. Revoke one first.`,
  keyCreated: 'API key created',
  keyRevoked: 'API key revoked',
  keyAlreadyRevoked: 'This API key is already revoked',
  keyNotFound: 'API key not found',
  /** 401 on POST /api/v1/auth/token: unknown, malformed or revoked key, or a suspended user's. */
  invalidKey: 'Invalid or revoked API key',
  /** 401 on any bearer-protected v1 route without an Authorization header. */
  missingToken: 'Missing bearer token. Send "Authorization: Bearer <token>" from POST /api/v1/auth/token.',
  /** 401 for an unknown, expired or revoked token (or a suspended user's). */
  invalidToken: 'Invalid or expired access token',
  rateLimited: 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.',
  listingNotOwned: 'You can only update your own listings',
  /** 400 on GET /api/v1/companies/{id}/reviews: a cursor that is not a nextCursor of that list. */
  invalidReviewsCursor: 'Invalid cursor. Pass nextCursor from the previous page of the same company.',
} as const;

// ---- API keys (session routes under /api/me/api-keys) ----

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the secret, e.g. "rtk_3fa9c1d2". */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const CreateApiKeyBodySchema = z.object({
  name: z
    .string({ error: API_MESSAGES.nameRequired })
    .trim()
    .min(1, API_MESSAGES.nameRequired)
    .max(API_KEY_LIMITS.nameMaxLength, API_MESSAGES.nameTooLong),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** The answer to creating a key: the only time the whole secret is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

// ---- API keys in the back office (/admin/security) ----

/** A key as administrators see it: with its owner, never its secret. */
export const AdminApiKeySchema = ApiKeySchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), company: z.string().nullable() }),
});
export type AdminApiKey = z.infer<typeof AdminApiKeySchema>;

export const ADMIN_API_KEYS_PAGE_SIZE = 25;

export const AdminApiKeyPageSchema = z.object({
  items: z.array(AdminApiKeySchema),
  /** Active (unrevoked) keys on the platform. */
  activeCount: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminApiKeyPage = z.infer<typeof AdminApiKeyPageSchema>;

export const AdminApiKeysQuerySchema = z.object({
  page: z.pageNumber(),
});

// ---- v1 auth ----

export const TokenRequestSchema = z.object({
  apiKey: z
    .string({ error: 'apiKey is required' })
    .min(1, 'apiKey is required')
    .max(200)
    .meta({
      description: 'The secret of an API key from Account → API Keys',
      examples: [`${API_KEY_SECRET_PREFIX}your-api-key`],
    }),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  accessToken: z.string().describe('Send as "Authorization: Bearer <accessToken>"'),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the token expires'),
  expiresAt: z.string().describe('When the token expires (ISO 8601)'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const VerifyResponseSchema = z.object({
  valid: z.literal(true),
  user: z
    .object({ id: z.string(), name: z.string(), email: z.string(), company: z.string().nullable() })
    .describe('The user the key belongs to'),
  apiKey: z
    .object({ id: z.string(), name: z.string(), prefix: z.string() })
    .describe('The key the token was issued for'),
  expiresAt: z.string().describe('When the token expires (ISO 8601)'),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

// ---- v1 listings ----

/**
 * The marketplace's filters and sorts, with an opaque cursor instead of page numbers: a client
 * passes `nextCursor` back as `cursor` with the same filters and sort.
 */
const filters = ListListingsQuerySchema.shape;
export const V1ListingsQuerySchema = ListListingsQuerySchema.omit({ page: true, sellerId: true }).extend({
  q: filters.q.describe('Words to find in the title or description'),
  minPrice: filters.minPrice.describe('Lowest price per unit, in dollars'),
  maxPrice: filters.maxPrice.describe('Highest price per unit, in dollars'),
  location: filters.location.describe('Part of the location, e.g. a city or country'),
  minQuantity: filters.minQuantity.describe("Smallest quantity, in the listing's unit"),
  sort: z.enum(LISTING_SORTS).default('newest'),
  cursor: z.string().max(500).optional().describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Listings per page'),
});
export type V1ListingsQuery = z.infer<typeof V1ListingsQuerySchema>;

export const V1ListingPageSchema = z.object({
  items: z.array(ListingSchema),
  nextCursor: z.string().nullable().describe('Pass back as cursor for the next page; null on the last page'),
});
export type V1ListingPage = z.infer<typeof V1ListingPageSchema>;

// ---- v1 company reputation and reviews ----

/** Reviews a page of GET /api/v1/companies/{id}/reviews holds at most. */
export const V1_REVIEWS_MAX_LIMIT = 50;

/**
 * A company's trading record: its owner's deals and reviews, with the verification level of this
 * company. Computed from the database; only published, visible reviews count.
 */
const figures = ReputationFiguresSchema.shape;
/**
 * The figures of the company page, described for the API's readers (here, not on the shared schema:
 * the marketplace's first load carries the compact figures and should not carry their descriptions).
 */
export const V1ReputationSchema = z.object({
  averageRating: figures.averageRating.describe('Mean stars of the published reviews; null without any'),
  reviewCount: figures.reviewCount.describe('Published, visible reviews'),
  completedDeals: figures.completedDeals.describe('Deals concluded (escrow released or a claim settled)'),
  level: figures.level.describe(
    'Verification level: 0 none, 1 email confirmed, 2 company verified with documents, 3 Trusted trader',
  ),
  criteria: figures.criteria.describe('Mean stars per criterion; null without reviews'),
  tonnesTraded: figures.tonnesTraded.describe('Tonnes delivered in concluded deals'),
  memberSince: figures.memberSince.describe('When the account was created (ISO 8601)'),
  medianResponseSeconds: figures.medianResponseSeconds.describe(
    'Median time to answer a conversation somebody else opened; null without any',
  ),
  claimsLost: figures.claimsLost.describe('Claims settled against the company as seller'),
  claimLostShare: figures.claimLostShare.describe('claimsLost over completedDeals; null without deals'),
  trustedTrader: figures.trustedTrader.describe(
    'Level 3: verified, 5+ deals, 4.0+ average, no claim lost in 12 months',
  ),
});

export const V1CompanyReputationSchema = z.object({
  companyId: z.string(),
  reputation: V1ReputationSchema,
});
export type V1CompanyReputation = z.infer<typeof V1CompanyReputationSchema>;

const review = ReviewSchema.shape;
/** A published review of a company's owner: never one waiting for publication, never a hidden one. */
export const V1ReviewSchema = z.object({
  id: review.id,
  authorRole: review.authorRole.describe("The author's side of the deal: the reviewed company was the other"),
  author: z
    .object({ name: z.string(), companyName: z.string().nullable() })
    .describe('The trader who wrote the review'),
  stars: review.stars.describe(
    '1 to 5 stars on each criterion: material or payment as agreed, communication, timeliness',
  ),
  average: review.average.describe('The mean of the three criteria'),
  comment: review.comment.describe('Plain text, at most 1,000 characters'),
  dealTitle: review.dealTitle.describe("The deal's material (its listing's title)"),
  publishedAt: review.publishedAt.describe('When it became public (ISO 8601)'),
  reply: review.reply.describe("The reviewed party's one public reply"),
});
export type V1Review = z.infer<typeof V1ReviewSchema>;

export const V1CompanyReviewsQuerySchema = z.object({
  cursor: z.string().max(500).optional().describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(V1_REVIEWS_MAX_LIMIT).default(10).describe('Reviews per page'),
});
export type V1CompanyReviewsQuery = z.infer<typeof V1CompanyReviewsQuerySchema>;

export const V1ReviewPageSchema = z.object({
  items: z.array(V1ReviewSchema).describe('Newest first'),
  nextCursor: z.string().nullable().describe('Pass back as cursor for the next page; null on the last page'),
});
export type V1ReviewPage = z.infer<typeof V1ReviewPageSchema>;
