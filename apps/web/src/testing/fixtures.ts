import type { AdminClaim, ClaimDetail, ClaimStep } from '@app/shared/deals/deal-claims.schemas';
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
    latestClaim: null,
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

/** The deal above shipped on a wire with $1,000 held and the commission paid with the funding. */
export function shippedDealFixture(overrides: Partial<Deal> = {}): Deal {
  return dealFixture({
    status: 'completed',
    escrowStatus: 'held',
    escrowHeldCents: 100_000,
    buyerConfirmed: true,
    sellerConfirmed: true,
    shippedAt: '2026-03-05T10:00:00.000Z',
    deliveredAt: '2026-03-06T10:00:00.000Z',
    milestones: {
      agreedAt: '2026-03-01T10:00:00.000Z',
      fundedAt: '2026-03-02T10:00:00.000Z',
      shippedAt: '2026-03-05T10:00:00.000Z',
      releasedAt: null,
    },
    ...overrides,
  });
}

const claimStep = (overrides: Partial<ClaimStep>): ClaimStep => ({
  id: 'step-1',
  transition: 'open',
  actorRole: 'buyer',
  fromStatus: 'none',
  toStatus: 'awaiting_seller',
  amountCents: 40_000,
  note: 'Two bales were wet through.',
  evidence: [
    {
      id: 'file-1',
      fileName: 'wet-bales.jpg',
      contentType: 'image/jpeg',
      byteSize: 204_800,
      url: '/api/files/file-1',
    },
  ],
  createdAt: '2026-03-06T12:00:00.000Z',
  ...overrides,
});

/**
 * A $400 moisture claim on the shipped deal above, waiting for the seller (answer due far ahead), with
 * its opening step; `actions` are those of the seller.
 */
export function claimFixture(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    id: 'claim-1',
    dealId: 'deal-1',
    status: 'awaiting_seller',
    reason: 'moisture',
    affectedQuantity: 5,
    heldCents: 100_000,
    claimedCents: 40_000,
    offeredCents: null,
    openedAt: '2026-03-06T12:00:00.000Z',
    answerDueAt: '2099-03-09T12:00:00.000Z',
    answeredAt: null,
    escalatedAt: null,
    closedAt: null,
    split: null,
    buyerNote: 'Two bales were wet through.',
    sellerNote: null,
    decisionNote: null,
    steps: [claimStep({})],
    actions: ['accept-claim', 'offer-partial', 'reject-claim'],
    payouts: null,
    ...overrides,
  };
}

/** The claim after the seller offered $250 and the buyer accepted it: $250 back, $750 paid, 3% commission. */
export function settledClaimFixture(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return claimFixture({
    status: 'settled',
    offeredCents: 25_000,
    answeredAt: '2026-03-07T09:00:00.000Z',
    closedAt: '2026-03-07T10:00:00.000Z',
    split: { buyerRefundCents: 25_000, sellerPayoutCents: 75_000 },
    steps: [
      claimStep({}),
      claimStep({
        id: 'step-2',
        transition: 'offer-partial',
        actorRole: 'seller',
        fromStatus: 'awaiting_seller',
        toStatus: 'offered',
        amountCents: 25_000,
        note: null,
        evidence: [],
        createdAt: '2026-03-07T09:00:00.000Z',
      }),
      claimStep({
        id: 'step-3',
        transition: 'accept-offer',
        actorRole: 'buyer',
        fromStatus: 'offered',
        toStatus: 'settled',
        amountCents: 25_000,
        note: null,
        evidence: [],
        createdAt: '2026-03-07T10:00:00.000Z',
      }),
    ],
    actions: [],
    payouts: { sellerReceivesCents: 75_000, buyerReceivesCents: 25_750, commissionCents: 2_250 },
    ...overrides,
  });
}

/** An escalated claim as the administrators' queue lists it, waiting for a decision. */
export function adminClaimFixture(overrides: Partial<AdminClaim> = {}): AdminClaim {
  return {
    ...claimFixture({
      status: 'rejected',
      escalatedAt: '2026-03-08T10:00:00.000Z',
      actions: ['decide'],
    }),
    status: 'escalated',
    listingId: 'listing-1',
    listingTitle: 'Baled OCC, 20 t',
    quantity: 20,
    unit: 'tonnes',
    buyer: { userId: 'user-1', name: 'Bea Buyer', companyName: 'Buyer Metals' },
    seller: { userId: 'user-2', name: 'Sam Seller', companyName: 'Seller Fibre' },
    dealValueCents: 100_000,
    currency: 'USD',
    ...overrides,
  };
}
