import { LISTING_CATEGORIES, LISTING_TYPES, LISTING_UNITS } from '../listings/listings.schemas.ts';
import * as z from '../zod.ts';
import { priceDifferenceText } from './price-difference.ts';

/**
 * Smart matching (issue 10): a buy and a sell listing match when category and grade family agree
 * (grade-families.ts; the same grade scores higher), quantities overlap, the buyer's price per tonne is at least the seller's less a
 * tolerance, and the distance is within the buyer's radius when both are geocoded. Computed by a job
 * in the database; read here.
 *
 * Endpoints (all need a session; 401 without):
 * - GET  /api/me/matches?limit=            → MatchListSchema, best first across the user's active listings
 * - GET  /api/listings/:id/matches         → MatchListSchema, the owner only (403 for anyone else)
 * - GET  /api/me/match-preferences         → MatchPreferencesSchema
 * - PATCH /api/me/match-preferences        ← UpdateMatchPreferencesBodySchema → MatchPreferencesSchema
 * - GET  /api/me/notifications?limit=      → NotificationListSchema (in-app notifications, newest first)
 * - PATCH /api/me/notifications            ← MarkNotificationsReadBodySchema → UnreadNotificationCountSchema
 * - GET  /api/me/notifications/unread-count → UnreadNotificationCountSchema
 * Realtime: { type: 'match.found', match } (MatchFoundEventSchema) to the owner of each listing that
 * gained a new match; the web refetches matches and notifications on it.
 */

export const MATCH_LIMITS = {
  /** Matches kept per listing (the best by score). */
  perListing: 20,
  defaultLimit: 20,
  maxLimit: 100,
  notificationsDefaultLimit: 20,
  notificationsMaxLimit: 100,
} as const;

/** Why two listings match: what the reason line is built from. */
export const MatchReasonsSchema = z.object({
  /**
   * true when both listings name the same grade; false when either names none. Both listings are
   * always of one grade family (grade-families.ts): other pairs never match.
   */
  sameGrade: z.boolean(),
  /**
   * overlap = the smaller of the two quantities; wanted = the buy listing's quantity. In metric tonnes
   * for mass units (any mass unit converts), in pieces when both listings are priced per piece.
   */
  quantity: z.object({
    overlap: z.number(),
    wanted: z.number(),
    unit: z.enum(['tonnes', 'pieces']),
  }),
  /**
   * The counterpart's price compared with yours (per tonne, or per piece), in percent, rounded to one
   * decimal: (theirs − yours) / yours × 100. For a buyer, −6 = the seller asks 6% under your price; for
   * a seller, +6 = the buyer offers 6% above your price.
   */
  pricePercent: z.number(),
  /** Great-circle distance between the two geocoded locations; null when either is not geocoded. */
  distanceKm: z.number().nullable(),
});
export type MatchReasons = z.infer<typeof MatchReasonsSchema>;

/** The other side of a match, as a card shows it (enough to message the owner or make an offer). */
export const MatchListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(LISTING_TYPES),
  category: z.enum(LISTING_CATEGORIES),
  /** A MaterialGradeId (packages/shared/src/market/grades.ts) or null. */
  grade: z.string().nullable(),
  quantity: z.number(),
  unit: z.enum(LISTING_UNITS),
  /** Price per `unit`, in cents. */
  priceCents: z.number().int(),
  location: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  companyName: z.string().nullable(),
});
export type MatchListing = z.infer<typeof MatchListingSchema>;

export const MatchSchema = z.object({
  id: z.string(),
  /** The counterpart listing (someone else's). */
  listing: MatchListingSchema,
  /** The viewer's own listing this match is for. */
  forListingId: z.string(),
  forListingTitle: z.string(),
  /** 0..1, higher is better: grade, quantity fit, price margin and distance combined. */
  score: z.number().min(0).max(1),
  reasons: MatchReasonsSchema,
  /** matchReasonText(reasons), e.g. "same grade, 40 t of 60 t wanted, 6% under your price, 120 km". */
  reasonText: z.string(),
  createdAt: z.string(),
});
export type Match = z.infer<typeof MatchSchema>;

export const MatchListSchema = z.object({ items: z.array(MatchSchema) });
export type MatchList = z.infer<typeof MatchListSchema>;

export const ListMatchesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MATCH_LIMITS.maxLimit).default(MATCH_LIMITS.defaultLimit),
});
export type ListMatchesQuery = z.infer<typeof ListMatchesQuerySchema>;

/** Per user: whether new matches are summarised in a daily email (on by default). */
export const MatchPreferencesSchema = z.object({ emailDigest: z.boolean() });
export type MatchPreferences = z.infer<typeof MatchPreferencesSchema>;
export const UpdateMatchPreferencesBodySchema = z.object({ emailDigest: z.boolean() }).strict();
export type UpdateMatchPreferencesBody = z.infer<typeof UpdateMatchPreferencesBodySchema>;

// A buy listing's radius is the listing field matchRadiusKm (CreateListingBodySchema, ListingSchema).

/** Realtime: to the owner of a listing that gained a new match. */
export const MatchFoundEventSchema = z.object({ type: z.literal('match.found'), match: MatchSchema });
export type MatchFoundEvent = z.infer<typeof MatchFoundEventSchema>;

// In-app notifications (a bell with an unread count). Matching is the first producer; others may add kinds.
export const NOTIFICATION_KINDS = ['match-found'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, e.g. /listings/lst_…; null when there is nothing to open. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const ListNotificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MATCH_LIMITS.notificationsMaxLimit)
    .default(MATCH_LIMITS.notificationsDefaultLimit),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;

/** Marks the given notifications (the caller's own; others are ignored) or all of them read. */
export const MarkNotificationsReadBodySchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

export const UnreadNotificationCountSchema = z.object({ count: z.number().int() });
export type UnreadNotificationCount = z.infer<typeof UnreadNotificationCountSchema>;

const formatAmount = (n: number) => {
  const rounded = n >= 10 ? Math.round(n) : Math.round(n * 10) / 10;
  return rounded.toLocaleString('en-US');
};

/**
 * The one-line reason a match is shown with, from the viewer's side:
 * "same grade, 40 t of 60 t wanted, 6% under your price, 120 km".
 */
export function matchReasonText(reasons: MatchReasons): string {
  const parts: string[] = [];
  if (reasons.sameGrade) parts.push('same grade');
  const unit = reasons.quantity.unit === 'tonnes' ? 't' : 'pieces';
  parts.push(
    `${formatAmount(reasons.quantity.overlap)} ${unit} of ${formatAmount(reasons.quantity.wanted)} ${unit} wanted`,
  );
  parts.push(priceDifferenceText(reasons.pricePercent, 'your price'));
  if (reasons.distanceKm !== null) parts.push(`${formatAmount(reasons.distanceKm)} km`);
  return parts.join(', ');
}
