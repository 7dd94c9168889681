import type { StartCheckoutInput } from '../../src/modules/payments/index.ts';

/** A featured-listing checkout ($15.00) for the payer, the simplest one-time payment to start. */
export function featuredListingCheckout(
  user: { id: string; email: string },
  listingId = 'lst_1',
  paths = {
    successPath: '/manage-listings?featured=success',
    cancelPath: '/manage-listings?featured=canceled',
  },
): StartCheckoutInput {
  return {
    user: { ...user, name: 'Dana Fischer' },
    purpose: 'featured_listing',
    targetType: 'listing',
    targetId: listingId,
    amountCents: 1500,
    description: 'Featured listing for 7 days',
    ...paths,
  };
}
