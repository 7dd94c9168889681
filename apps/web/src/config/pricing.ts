/**
 * Payment-method terms shown as marketing copy on /payments, and other fixed wording. Plan prices and
 * platform fees (premium, free plan, contact fee, featured listing, commission, money-back days) are NOT
 * here: they come from GET /api/settings/pricing through usePricing(), so the page never disagrees with
 * what billing charges. The card and wire figures below are the providers' published fees, not ours.
 */
export const paymentTerms = {
  paymentMethods: {
    card: { percent: 2.9, limitCents: 5_000_000 },
    klarna: { netDays: 30 },
    escrow: { minPercent: 1.5, maxPercent: 3.25, businessDays: '2–5', recommendedAboveCents: 10_000_000 },
    wire: { businessDays: '1–3' },
  },
  escrowAutoReleaseDays: 7,
  refundBusinessDays: '3–7',
} as const;
