import type { ListingContext } from './listing-context.ts';
import {
  endFeaturing,
  expireListings,
  listUngeocoded,
  setExpiryWhereNone,
  setGeocoding,
} from './listings.repository.ts';

/**
 * The listings' timed work (listings.job.ts runs it): free listings expire, paid featuring ends,
 * listings never geocoded get coordinates; and the expiry a listing follows once its owner's Premium
 * ends.
 */
export function createListingTimedWork(
  ctx: Pick<ListingContext, 'db' | 'clock' | 'billing' | 'geocode' | 'geocoded' | 'searchFacts'>,
) {
  const { db, clock } = ctx;

  // Premium ended (refund, cancellation, failed renewal): the listings it kept from expiring now
  // follow the free plan, in the transaction that records the end. They stay public until then.
  ctx.billing.onPremiumEnded(async ({ userId, freeListingExpiry }, tx) => {
    await setExpiryWhereNone(tx, userId, freeListingExpiry);
  });

  /** The scheduled sweep: free listings expire, paid featuring ends. Idempotent, safe to run anytime. */
  async function runExpiry(): Promise<{ expired: number; unfeatured: number }> {
    const now = clock.now();
    const [expired, unfeatured] = [await expireListings(db, now), await endFeaturing(db, now)];
    if (expired.length > 0) ctx.searchFacts.counts.clear();
    return { expired: expired.length, unfeatured: unfeatured.length };
  }

  /**
   * Geocodes one batch of up to `limit` listings never tried by the geocoder (rows older than
   * geocoding, or loaded in bulk): each distinct location once, then one UPDATE for the batch. A
   * location that resolves to nothing is marked tried as well, so no later batch picks it again.
   * Matches are not computed again (docs/DECISIONS.md). Returns the batch's size: fewer than `limit`
   * means nothing is left. Without a geocoder it does nothing.
   */
  async function geocodeBacklog(limit: number): Promise<number> {
    if (!ctx.geocode) return 0;
    const rows = await listUngeocoded(db, limit);
    const places = [...new Set(rows.map((r) => r.location))].map((location) => {
      const { latitude, longitude, geocodedPlace } = ctx.geocoded(location);
      return { location, latitude, longitude, geocodedPlace };
    });
    await setGeocoding(
      db,
      rows.map((r) => r.id),
      places,
      clock.now(),
    );
    return rows.length;
  }

  return { runExpiry, geocodeBacklog };
}
