import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { type ListingUnit, quantityUnavailableMessage } from '@app/shared/listings/listings.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DealContext } from './deal-context.ts';

/** A deal may take only what its listing has left: more is a 409 saying what remains. */
export function assertQuantityRemains(
  quantity: number,
  remaining: { remainingQuantity: number; unit: ListingUnit },
): void {
  if (remaining.remainingQuantity > 0 && quantity <= remaining.remainingQuantity) return;
  throw new AppError(
    'LISTING_QUANTITY_UNAVAILABLE',
    quantityUnavailableMessage(remaining.remainingQuantity, remaining.unit),
    { remainingQuantity: remaining.remainingQuantity },
    { expose: true },
  );
}

/** What a deal holds of its listing, taken under the listing's row lock (the listings module's). */
export function createDealQuantities(ctx: Pick<DealContext, 'listingQuantity'>) {
  /** The listing's row locked for the transaction, and what it has left. */
  async function lockListingQuantity(tx: Db, listingId: string) {
    const remaining = await ctx.listingQuantity.lockRemainingQuantity(tx, listingId);
    if (!remaining) throw new AppError('NOT_FOUND', DEAL_MESSAGES.listingMissing);
    return remaining;
  }

  /** An offer being agreed takes its quantity: refused when the listing no longer has it. */
  async function takeListingQuantity(tx: Db, listingId: string, quantity: number): Promise<void> {
    assertQuantityRemains(quantity, await lockListingQuantity(tx, listingId));
  }

  return { lockListingQuantity, takeListingQuantity };
}

export type DealQuantities = ReturnType<typeof createDealQuantities>;
