import { type ListingUnit, remainingQuantityOf } from '@app/shared/listings/listings.schemas';
import type { Db } from '../../db/client.ts';
import type { ListingContext } from './listing-context.ts';
import { lockListing, setSoldStatus } from './listings.repository.ts';

/**
 * What deals leave of a listing: its quantity less what they hold (the deals module's query), read
 * under the listing's row lock, and the sold status that follows it.
 */
export function createListingQuantities(ctx: Pick<ListingContext, 'heldQuantities' | 'searchFacts'>) {
  /**
   * Locks the listing's row inside a deal's transaction and answers what it has left, so deals that
   * take quantity (Buy Now, an offer agreed) are counted one at a time; null when it does not exist.
   */
  async function lockRemainingQuantity(
    tx: Db,
    listingId: string,
  ): Promise<{ remainingQuantity: number; unit: ListingUnit } | null> {
    const locked = await lockHeldQuantity(tx, listingId);
    return (
      locked && { remainingQuantity: remainingQuantityOf(locked.quantity, locked.held), unit: locked.unit }
    );
  }

  /** The listing's row locked, its quantity and what deals hold of it; null when it does not exist. */
  async function lockHeldQuantity(tx: Db, listingId: string) {
    const row = await lockListing(tx, listingId);
    if (!row) return null;
    const held = (await ctx.heldQuantities(tx, [listingId])).get(listingId) ?? 0;
    return { quantity: Number(row.quantity), unit: row.unit, held };
  }

  /**
   * After deals took or gave back quantity (in their transaction, the row locked): a listing with
   * nothing left is sold and leaves the marketplace; one with quantity again is back on sale.
   */
  async function syncSoldStatus(tx: Db, listingId: string): Promise<void> {
    const locked = await lockRemainingQuantity(tx, listingId);
    // The search totals are dropped before the deal commits: one read in between stays within their bound.
    if (locked && (await setSoldStatus(tx, listingId, locked.remainingQuantity <= 0)))
      ctx.searchFacts.counts.clear();
  }

  return { lockRemainingQuantity, lockHeldQuantity, syncSoldStatus };
}

export type ListingQuantities = ReturnType<typeof createListingQuantities>;
