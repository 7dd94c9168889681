import type { ReputationSummary } from '@app/shared/reviews/reputation';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { ListingHoldDeps } from './listing-hold.ts';

/** What the listings service is built from (the composition root, app.ts, passes it). */
export type ListingsDeps = {
  /** The admin audit log. */
  audit?: AuditRecorder;
  db: Db;
  clock: Clock;
  storage: Storage;
  billing: BillingService;
  payments: PaymentsService;
  /** Where this module books its sales (the payment purpose's revenue account). */
  ledger: Pick<LedgerService, 'postTransaction'>;
  settings: SettingsService;
  notifications: NotificationsService;
  isAdmin(userId: string): Promise<boolean>;
  appUrl: string;
  /**
   * Called after the commit whenever a listing is created, changed, deleted, approved or rejected
   * (matching and the price index recompute); a failure is logged, never the caller's error.
   */
  onListingChanged?: (listingId: string) => Promise<void>;
  /** Resolves a location offline to coordinates for matching (market/geocoder.ts); absent: not geocoded. */
  geocode?: (location: string) => { latitude: number; longitude: number; place: string } | null;
  /**
   * The quantity deals hold on each listing (the deals module's query, injected in app.ts): what a
   * listing has left is its quantity less this.
   */
  heldQuantities(db: Db, listingIds: string[]): Promise<Map<string, number>>;
  /** The same quantity as SQL over a listing's id, read in the marketplace search's page query. */
  heldQuantitySql?: (listingId: AnyPgColumn) => SQL<string>;
  /**
   * The sellers' compact reputations (the reviews module's read, injected in app.ts; reviews builds on
   * deals, which builds on listings): a batch per page of cards, and the same as SQL over the seller's
   * id for the marketplace search's page query. Absent: listings carry no reputation.
   */
  sellerReputations?(db: Db, userIds: string[]): Promise<Map<string, ReputationSummary>>;
  sellerReputationSql?: (userId: AnyPgColumn) => SQL<unknown>;
  parseSellerReputation?: (value: unknown) => ReputationSummary | null;
  /**
   * The sellers a viewer blocked (the trust module's in-memory relations, built in app.ts): left out of
   * the viewer's search, and their listing pages refused to them.
   */
  hiddenSellersOf?: (viewerId: string) => Promise<string[]>;
  /**
   * The moderation hold's reads (listing-hold.ts), injected in app.ts since market and deals build on
   * listings: the price index of a grade (cents per tonne), and a user's completed deals. Absent: no hold.
   */
  priceIndexOf?: ListingHoldDeps['priceIndexOf'];
  completedDealCount?: ListingHoldDeps['completedDealCount'];
  logger?: { error(obj: unknown, msg?: string): void };
};

/** The deps with their defaults filled in, plus the helpers every part shares. */
export type ListingContext = Omit<ListingsDeps, 'audit'> & {
  audit: AuditRecorder;
  /** The geocoding columns for a location; geocodedAt marks it tried, found or not. */
  geocoded(location: string): {
    latitude: number | null;
    longitude: number | null;
    geocodedPlace: string | null;
    geocodedAt: Date | null;
  };
  /** Runs the onListingChanged hook after a commit; its failure is logged, never thrown. */
  listingChanged(listingId: string): Promise<void>;
  /** The marketplace search's planner estimates and capped counts per normalised query (listing-search). */
  searchFacts: { estimates: TtlCache<number>; counts: TtlCache<number>; pages: TtlCache<PreparedPage> };
};

/** A search page query built once and prepared (listing-search), run again with the same values. */
export type PreparedPage = { execute(): Promise<unknown[]> };

/**
 * How long a search's planner estimate is reused: it moves with the table's statistics (ANALYZE),
 * not with single listings; the visible-rows estimate of the bounded walk is kept as long.
 */
export const SEARCH_ESTIMATE_TTL_MS = 60_000;
/**
 * How long a search's capped count (its exact total up to 1,000) is reused. A listing change made
 * through this instance drops every count at once; one made through another instance, an expiry or a
 * sale shows in totals within this bound. Pages themselves are never cached.
 */
export const SEARCH_COUNT_TTL_MS = 10_000;
/** Distinct searches remembered; the least recently used is dropped first. */
const SEARCH_FACTS_MAX = 1_000;

export function createListingContext(deps: ListingsDeps): ListingContext {
  function geocoded(location: string) {
    const place = deps.geocode?.(location) ?? null;
    return {
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.place ?? null,
      geocodedAt: deps.geocode ? deps.clock.now() : null,
    };
  }

  const searchFacts = {
    estimates: createTtlCache<number>({ max: SEARCH_FACTS_MAX, ttlMs: SEARCH_ESTIMATE_TTL_MS }),
    counts: createTtlCache<number>({ max: SEARCH_FACTS_MAX, ttlMs: SEARCH_COUNT_TTL_MS }),
    // A prepared page holds no rows, only the query: it never goes stale.
    pages: createTtlCache<PreparedPage>({ max: SEARCH_FACTS_MAX, ttlMs: Number.POSITIVE_INFINITY }),
  };

  async function listingChanged(listingId: string): Promise<void> {
    searchFacts.counts.clear();
    if (!deps.onListingChanged) return;
    try {
      await deps.onListingChanged(listingId);
    } catch (err) {
      deps.logger?.error({ err, listingId }, 'onListingChanged hook failed');
    }
  }

  return { ...deps, audit: deps.audit ?? noAudit, geocoded, listingChanged, searchFacts };
}

export const NOT_FOUND = 'Listing not found';
