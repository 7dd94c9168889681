import { LISTING_MESSAGES } from '@app/shared/listings/listings.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { revenueBooks } from '../payments/index.ts';
import type { ListingContext } from './listing-context.ts';
import type { ListingViews } from './listing-views.ts';
import { findFeaturing, setFeaturedUntil } from './listings.repository.ts';

const ALREADY_FEATURED = 'This listing is already featured.';

/**
 * Paid featuring: the checkout for the 'featured_listing' payment purpose, and its handler, which
 * features the listing for the paid days (after any featuring still running) once the payment is booked.
 */
export function createListingFeaturing(
  ctx: Pick<ListingContext, 'clock' | 'settings' | 'payments' | 'ledger'>,
  parts: { views: Pick<ListingViews, 'ownedOr404'> },
) {
  const { clock, settings, payments } = ctx;

  // A paid featuring: runs once, inside the transaction that books the payment.
  payments.registerPurposeHandler('featured_listing', {
    books: revenueBooks(ctx.ledger, LEDGER_ACCOUNTS.revenueFeaturedListings),
    async onSucceeded(payment, tx) {
      const row = await findFeaturing(tx, payment.targetId);
      if (!row) return;
      const days = Number(payment.metadata.featuredDays ?? '7');
      const now = clock.now();
      const from = row.featuredUntil && row.featuredUntil > now ? row.featuredUntil : now;
      await setFeaturedUntil(tx, row.id, new Date(from.getTime() + days * 86_400_000));
    },
  });

  async function startFeaturedCheckout(user: SessionUser, listingId: string): Promise<string> {
    const [cents, days] = await Promise.all([
      settings.get('fees.featured_listing_cents'),
      settings.get('fees.featured_listing_days'),
    ]);
    const { url } = await payments.startCheckout({
      user,
      purpose: 'featured_listing',
      targetType: 'listing',
      targetId: listingId,
      amountCents: cents,
      description: `Featured listing (${days} days)`,
      metadata: { featuredDays: String(days) },
      successPath: `/listings/manage?featured=success&listing=${listingId}`,
      cancelPath: `/listings/manage?featured=canceled&listing=${listingId}`,
    });
    return url;
  }

  async function featureListing(user: SessionUser, id: string): Promise<{ url: string }> {
    const row = await parts.views.ownedOr404(user.id, id, LISTING_MESSAGES.notFoundOrNotYours);
    if (row.isFeatured && (!row.featuredUntil || row.featuredUntil > clock.now()))
      throw new AppError('CONFLICT', ALREADY_FEATURED);
    return { url: await startFeaturedCheckout(user, id) };
  }

  return { startFeaturedCheckout, featureListing };
}

export type ListingFeaturing = ReturnType<typeof createListingFeaturing>;
