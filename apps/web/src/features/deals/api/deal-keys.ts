/** Query keys of deals; mutations and realtime events invalidate `dealKeys.all`. */
export const dealKeys = {
  all: ['deals'] as const,
  list: () => ['deals', 'list'] as const,
  paymentMethods: (totalCents: number) => ['deals', 'payment-methods', totalCents] as const,
};
