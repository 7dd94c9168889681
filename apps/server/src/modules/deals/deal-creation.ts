import { randomUUID } from 'node:crypto';
import { dealHoldsQuantity } from '@app/shared/deals/deal-machine';
import {
  BUY_NOW_NOTE,
  type BuyNowBody,
  commissionFor,
  DEAL_MESSAGES,
  type Deal,
} from '@app/shared/deals/deals.schemas';
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  dollarsToCents,
  MAX_AMOUNT_DOLLARS,
  multiplyCents,
} from '@app/shared/money/money';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import { assertNotBlocked, type DealContext } from './deal-context.ts';
import { assertQuantityRemains, type DealQuantities } from './deal-quantities.ts';
import type { DealViews } from './deal-views.ts';
import {
  type DealRow,
  findListingBrief,
  findOpenBuyNowDeal,
  insertDeal,
  type ListingBrief,
} from './deals.repository.ts';

const MAX_VALUE_CENTS = MAX_AMOUNT_DOLLARS * 100;

/** A deal's value (an offer, a counter-offer or Buy Now): above zero and within the site's maximum. */
export function assertDealValue(valueCents: number): void {
  if (!(valueCents > 0)) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.valueAboveZero);
  if (valueCents > MAX_VALUE_CENTS) throw new AppError('VALIDATION_FAILED', AMOUNT_TOO_LARGE_MESSAGE);
}

/** The quantity asked for a deal, at most the listing's (what deals left is checked under the lock). */
function assertQuantityWithinListing(listing: ListingBrief, asked: number | undefined): void {
  if (asked === undefined) return;
  if (!(asked > 0)) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.quantityAboveZero);
  if (asked > Number(listing.quantity))
    throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.quantityAboveListing);
}

/** Creating deals: Make Offer and Buy Now, each under the listing's row lock. */
export function createDealCreation(
  ctx: DealContext,
  parts: { announcements: DealAnnouncements; quantities: DealQuantities; views: Pick<DealViews, 'toView'> },
) {
  const { db, clock, settings, listingQuantity } = ctx;
  const { announcements, quantities, views } = parts;

  /**
   * Creates a deal under the listing's row lock, so concurrent deals count what the others took:
   * `quantity` (absent: all that remains) may not exceed what the listing has left (409
   * LISTING_QUANTITY_UNAVAILABLE). A repeated Buy Now answers with the buyer's open deal instead.
   */
  async function createDealRow(
    user: SessionUser,
    listing: ListingBrief,
    askedQuantity: number | undefined,
    terms: { valueCents: (quantity: number) => number; notes: string | null; buyNow?: boolean },
  ): Promise<{ row: DealRow; created: boolean }> {
    const buyNow = terms.buyNow ?? false;
    // Both are snapshots: changing the settings later never alters a running deal.
    const [rateBps, escrowRequired] = await Promise.all([
      settings.get('fees.commission_rate_bps'),
      settings.get('deals.escrow_required'),
    ]);
    const now = clock.now();
    // The deal, its realtime event and its emails commit together (a transactional outbox).
    const result = await inTransaction(db, async (tx) => {
      const remaining = await quantities.lockListingQuantity(tx, listing.id);
      // A repeated Buy Now (a double click, ten clicks at once): the buyer's open deal answers.
      const open = buyNow ? await findOpenBuyNowDeal(tx, user.id, listing.id) : undefined;
      if (open) return { row: open, created: false };
      const quantity = askedQuantity ?? remaining.remainingQuantity;
      assertQuantityRemains(quantity, remaining);
      const valueCents = terms.valueCents(quantity);
      assertDealValue(valueCents);
      const inserted = await insertDeal(tx, {
        id: randomUUID(),
        listingId: listing.id,
        buyerUserId: user.id,
        sellerUserId: listing.userId,
        dealValueCents: valueCents,
        commissionRateBps: rateBps,
        commissionCents: commissionFor(valueCents, rateBps),
        escrowRequired,
        notes: terms.notes,
        quantity,
        unit: listing.unit,
        buyNow,
        status: 'initiated',
        lastOfferBy: 'buyer',
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new AppError('CONFLICT', DEAL_MESSAGES.updateFailed);
      if (dealHoldsQuantity(inserted)) await listingQuantity.syncSoldStatus(tx, listing.id);
      await announcements.announceCreated(tx, inserted, listing);
      return { row: inserted, created: true };
    });
    if (result.created) await announcements.postDealMessage(result.row, listing);
    return result;
  }

  async function listingForDeal(
    listingId: string,
    ownMessage: string,
    user: SessionUser,
  ): Promise<ListingBrief> {
    const listing = await findListingBrief(db, listingId);
    if (!listing) throw new AppError('NOT_FOUND', DEAL_MESSAGES.listingMissing);
    if (listing.userId === user.id) throw new AppError('FORBIDDEN', ownMessage);
    await assertNotBlocked(ctx, user.id, listing.userId);
    return listing;
  }

  /** POST /api/deals: Make Offer (for the quantity asked, else all the listing has left). */
  async function createDeal(
    user: SessionUser,
    body: { listingId: string; dealValue: number; notes?: string; quantity?: number },
  ): Promise<Deal> {
    const listing = await listingForDeal(body.listingId, DEAL_MESSAGES.cannotDealOwn, user);
    assertQuantityWithinListing(listing, body.quantity);
    const valueCents = dollarsToCents(body.dealValue);
    assertDealValue(valueCents);
    const { row } = await createDealRow(user, listing, body.quantity, {
      valueCents: () => valueCents,
      notes: body.notes || null,
    });
    return views.toView(row, user.id);
  }

  /**
   * POST /api/deals/buy-now: a deal at the listed price for the quantity asked (else all that is
   * left), its notes marking it Buy Now; it holds the quantity at once. One open Buy Now deal per
   * buyer and listing: a repeat answers with it (`created: false`).
   */
  async function buyNow(user: SessionUser, body: BuyNowBody): Promise<{ deal: Deal; created: boolean }> {
    const listing = await listingForDeal(body.listingId, DEAL_MESSAGES.cannotBuyOwn, user);
    if (listing.type !== 'sell') throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.buyNowSellOnly);
    assertQuantityWithinListing(listing, body.quantity);
    const { row, created } = await createDealRow(user, listing, body.quantity, {
      valueCents: (quantity) => multiplyCents(listing.priceCents, quantity),
      notes: `${BUY_NOW_NOTE} purchase: ${listing.title}`,
      buyNow: true,
    });
    return { deal: await views.toView(row, user.id), created };
  }

  return { createDeal, buyNow };
}
