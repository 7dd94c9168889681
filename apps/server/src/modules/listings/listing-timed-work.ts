import type { ListingContext } from './listing-context.ts';
import {
  endFeaturing,
  expireListings,
  listUngeocoded,
  setExpiryWhereNone,
  updateListing,
} from './listings.repository.ts';

/**
 * The listings' timed work (listings.job.ts and the matching backfill run it): free listings expire,
 * paid featuring ends, listings from before geocoding get coordinates; and the expiry a listing
 * follows once its owner's Premium ends.
 */
export function createListingTimedWork(
  ctx: Pick<ListingContext, 'db' | 'clock' | 'billing' | 'geocode' | 'geocoded'>,
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
    return { expired: expired.length, unfeatured: unfeatured.length };
  }

  /**
   * Geocodes up to `limit` listings never geocoded (those created before geocoding existed) and
   * returns their ids, so matching can be computed for them; without a geocoder it does nothing.
   */
  async function geocodeMissing(limit: number): Promise<string[]> {
    if (!ctx.geocode) return [];
    const rows = await listUngeocoded(db, limit);
    for (const row of rows) await updateListing(db, row.id, ctx.geocoded(row.location));
    return rows.map((r) => r.id);
  }

  return { runExpiry, geocodeMissing };
}
