/** Query keys of deals; mutations and realtime events invalidate `dealKeys.all`. */
export const dealKeys = {
  all: ['deals'] as const,
  list: () => ['deals', 'list'] as const,
  paymentMethods: (totalCents: number) => ['deals', 'payment-methods', totalCents] as const,
  /** Under `all`, so a deal's realtime `deal.updated` (every claim step sends one) refetches its claims. */
  claims: (dealId: string) => ['deals', 'claims', dealId] as const,
};

/**
 * The listings feature's query root: deals change what a listing has left (Buy Now, an agreed offer,
 * a cancellation), so those mutations refresh every listing view too.
 */
export const LISTINGS_QUERY_ROOT = ['listings'] as const;
