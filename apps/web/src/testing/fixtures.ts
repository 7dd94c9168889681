import type { Deal, PaymentMethod } from '@app/shared/deals/deals.schemas';
import type { Pricing } from '@app/shared/settings/settings.schemas';

/** The plans and fees GET /api/settings/pricing answers with the defaults. */
export const PRICING: Pricing = {
  currency: 'USD',
  premium: { name: 'Premium', monthlyCents: 4900, interval: 'month' },
  free: { name: 'Free', listingsPerMonth: 5 },
  contactFeeCents: 1000,
  featuredListing: { feeCents: 1000, days: 7 },
  commissionRateBps: 300,
  commissionPercent: 3,
  wireProcessingFeeBps: 100,
  wireProcessingFeePercent: 1,
  moneyBackGuaranteeDays: 7,
};

const method = (id: string, type: string, name: string, processingFeePercentage: number): PaymentMethod => ({
  id,
  type,
  name,
  description: `Pay by ${name.toLowerCase()}`,
  processingFeePercentage,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The four methods of the spec, in its order. */
export const PAYMENT_METHODS: PaymentMethod[] = [
  method('pm-card', 'card', 'Credit Card', 2.9),
  method('pm-klarna', 'klarna', 'Klarna', 3.29),
  method('pm-escrow', 'escrow_wire', 'Escrow.com Wire', 1.5),
  method('pm-wire', 'wire', 'Wire Transfer', 0),
];

/** A $1,000 deal with a 3% commission nobody has paid, agreed and waiting for the buyer to fund it. */
export function dealFixture(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'deal-1',
    listingId: 'listing-1',
    listingTitle: 'Baled OCC, 20 t',
    listingType: 'sell',
    buyerUserId: 'user-1',
    sellerUserId: 'user-2',
    buyer: { userId: 'user-1', name: 'Bea Buyer', email: 'buyer@example.com', companyName: 'Buyer Metals' },
    seller: {
      userId: 'user-2',
      name: 'Sam Seller',
      email: 'seller@example.com',
      companyName: 'Seller Fibre',
    },
    dealType: 'make_offer',
    dealValueCents: 100_000,
    commissionRateBps: 300,
    commissionCents: 3_000,
    escrowRequired: true,
    status: 'agreed',
    escrowStatus: 'none',
    buyerConfirmed: false,
    sellerConfirmed: false,
    lastOfferBy: 'buyer',
    earlyReleaseRequestedBy: null,
    escrowTransactionId: null,
    notes: null,
    disputeReason: null,
    disputeOpenedAt: null,
    shippedAt: null,
    autoReleaseAt: null,
    deliveredAt: null,
    openClaimId: null,
    escrowSplittable: true,
    claimOpenUntil: null,
    commission: {
      settled: false,
      includedInFunding: false,
      payer: null,
      paidCents: { buyer: 0, seller: 0 },
      deductedCents: 0,
      proposal: null,
    },
    escrowPayment: null,
    milestones: { agreedAt: '2026-03-01T10:00:00.000Z', fundedAt: null, shippedAt: null, releasedAt: null },
    escrowHeldCents: 0,
    role: 'buyer',
    quantity: 20,
    unit: 'tonnes',
    impact: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
