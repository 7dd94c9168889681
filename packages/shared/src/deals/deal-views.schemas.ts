/** The deal as the API answers it, its realtime events and the seller's payout statement. */
import { LISTING_UNITS } from '../listings/listings.schemas.ts';
import * as z from '../zod.ts';
import { CLAIM_STATUSES } from './claim-rules.ts';
import { COMMISSION_PAYERS, payoutAfterCommission } from './deal-commission.schemas.ts';
import { DEAL_STATUSES, type DealMachineState, ESCROW_STATUSES } from './deal-machine.ts';

const PartySchema = z.enum(['buyer', 'seller']);

export const DealPartySummarySchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
});

export const EscrowPaymentSchema = z.object({
  id: z.string(),
  method: z.string(),
  status: z.enum(['pending', 'held', 'released', 'refunded', 'failed', 'cancelled']),
  amountCents: z.number().int(),
  dealValueCents: z.number().int(),
  commissionCents: z.number().int(),
  feeCents: z.number().int(),
  /** The escrow provider's transaction id (escrow wire) or our wire reference (plain wire). */
  reference: z.string().nullable(),
  escrowUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type EscrowPayment = z.infer<typeof EscrowPaymentSchema>;

export const DealSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  listingTitle: z.string(),
  listingType: z.enum(['buy', 'sell']).nullable(),
  buyerUserId: z.string(),
  sellerUserId: z.string(),
  buyer: DealPartySummarySchema,
  seller: DealPartySummarySchema,
  dealType: z.enum(['buy_now', 'make_offer']),
  dealValueCents: z.number().int(),
  commissionRateBps: z.number().int(),
  commissionCents: z.number().int(),
  /** Snapshot of the "escrow required" setting at creation: when false the seller may ship unfunded. */
  escrowRequired: z.boolean(),
  status: z.enum(DEAL_STATUSES),
  escrowStatus: z.enum(ESCROW_STATUSES),
  buyerConfirmed: z.boolean(),
  sellerConfirmed: z.boolean(),
  lastOfferBy: PartySchema,
  earlyReleaseRequestedBy: PartySchema.nullable(),
  escrowTransactionId: z.string().nullable(),
  notes: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** When the open dispute was opened (null when none was). */
  disputeOpenedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** When the escrow is released automatically (shipped + 7 days) while it is held and undisputed. */
  autoReleaseAt: z.string().nullable(),
  /** When the buyer recorded the goods' arrival (null until then): the claim window counts from here. */
  deliveredAt: z.string().nullable(),
  /** The deal's open claim (escrow is frozen while it stands), or null. */
  openClaimId: z.string().nullable(),
  /** Whether a claim can split the held escrow (false when an external escrow service holds it). */
  escrowSplittable: z.boolean(),
  /** Until when the buyer may open a claim (null when no claim can be opened now). */
  claimOpenUntil: z.string().nullable(),
  /**
   * The deal's latest claim in brief (null when it has none): whom it waits for, and how a settled
   * claim split the escrow. The claim itself: GET /api/deals/:id/claims.
   */
  latestClaim: z
    .object({
      status: z.enum(CLAIM_STATUSES),
      split: z.object({ buyerRefundCents: z.number().int(), sellerPayoutCents: z.number().int() }).nullable(),
    })
    .nullable(),
  commission: z.object({
    settled: z.boolean(),
    /** Paid with the escrow funding (the buyer's total included it). */
    includedInFunding: z.boolean(),
    /** Who pays, as both parties agreed (null: nobody chose, so the buyer pays). */
    payer: z.enum(COMMISSION_PAYERS).nullable(),
    paidCents: z.object({ buyer: z.number().int(), seller: z.number().int() }),
    /** Taken from the seller's payout at release because nobody had paid it. */
    deductedCents: z.number().int(),
    /** A payer choice one party proposed that the other has not accepted (by choosing it too). */
    proposal: z.object({ payer: z.enum(COMMISSION_PAYERS), by: PartySchema }).nullable(),
  }),
  escrowPayment: EscrowPaymentSchema.nullable(),
  /** When each step of the progress checklist happened, from the deal's events (null: not yet). */
  milestones: z.object({
    agreedAt: z.string().nullable(),
    fundedAt: z.string().nullable(),
    shippedAt: z.string().nullable(),
    releasedAt: z.string().nullable(),
  }),
  /** What the deal's escrow account holds now (the ledger's escrow:held:<dealId>, as a positive amount). */
  escrowHeldCents: z.number().int(),
  /** The role of the user asking (null for an administrator looking on). */
  role: PartySchema.nullable(),
  /** The quantity the deal covers, in the listing's unit (null for deals made before quantities were kept). */
  quantity: z.number().nullable(),
  unit: z.enum(LISTING_UNITS).nullable(),
  /**
   * Recorded when the goods are delivered (the completing transition): tonnes (null for pieces) and
   * the estimated kg CO2e avoided (null without WARM factors for the material). Null until then.
   */
  impact: z
    .object({ deliveredTonnes: z.number().nullable(), co2eAvoidedKg: z.number().int().nullable() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof DealSchema>;
export const DealListSchema = z.object({ deals: z.array(DealSchema) });
export type DealList = z.infer<typeof DealListSchema>;

/** The deal's machine state, from the API shape. */
export const machineStateOf = (deal: Deal): DealMachineState => ({
  status: deal.status,
  escrowStatus: deal.escrowStatus,
  buyerConfirmed: deal.buyerConfirmed,
  sellerConfirmed: deal.sellerConfirmed,
  lastOfferBy: deal.lastOfferBy,
  earlyReleaseRequestedBy: deal.earlyReleaseRequestedBy,
  shippedAt: deal.shippedAt,
  escrowRequired: deal.escrowRequired,
  deliveredAt: deal.deliveredAt,
  claimOpen: deal.openClaimId !== null,
  escrowSplittable: deal.escrowSplittable,
});

/**
 * What the buyer gets back when the escrow is refunded: what it holds, plus the commission and the
 * payment method's fee taken from it at funding (both go back). A plain wire's processing fee is kept,
 * as the wire was handled all the same.
 */
export function refundPayout(deal: Pick<Deal, 'escrowHeldCents' | 'commission' | 'escrowPayment'>): {
  buyerReceivesCents: number;
} {
  const ep = deal.escrowPayment;
  const commissionBack = deal.commission.includedInFunding ? (ep?.commissionCents ?? 0) : 0;
  const feeBack = ep && ep.method !== 'wire' ? ep.feeCents : 0;
  return { buyerReceivesCents: deal.escrowHeldCents + commissionBack + feeBack };
}

/** What the seller receives when the escrow is released: what it holds, less a commission still owed. */
export function releasePayout(deal: Pick<Deal, 'escrowHeldCents' | 'commissionCents' | 'commission'>) {
  const commission = deal.commission;
  const owed =
    commission.settled || commission.includedInFunding
      ? 0
      : Math.max(0, deal.commissionCents - commission.paidCents.buyer - commission.paidCents.seller);
  return payoutAfterCommission(deal.escrowHeldCents, owed);
}

// ---------------------------------------------------------------------------------------------------
// Realtime events (to both parties of a deal)

/** A deal changed state: clients refetch it (or patch status and escrow status in place). */
export const DealUpdatedEventSchema = z.object({
  type: z.literal('deal.updated'),
  deal: z.object({ id: z.string(), status: z.enum(DEAL_STATUSES), escrowStatus: z.enum(ESCROW_STATUSES) }),
});
/** A deal was created on one of the user's listings (or by the user): refetch the list. */
export const DealCreatedEventSchema = z.object({
  type: z.literal('deal.created'),
  dealId: z.string(),
  listingTitle: z.string(),
  dealValueCents: z.number().int(),
  buyerUserId: z.string(),
  sellerUserId: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// The seller's payout statement (GET /api/deals/payouts)

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-01');
export const PayoutStatementQuerySchema = z
  .object({
    /** First day of the period (UTC), inclusive. */
    from: isoDay,
    /** Last day of the period (UTC), inclusive. */
    to: isoDay,
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its first day', path: ['to'] });
export type PayoutStatementQuery = z.input<typeof PayoutStatementQuerySchema>;

/** One released deal, as the ledger booked it: the deal value, what was taken from it, what was paid. */
export const PayoutLineSchema = z.object({
  dealId: z.string(),
  listingTitle: z.string(),
  buyer: z.string(),
  releasedAt: z.string(),
  dealValueCents: z.number().int(),
  /** Processing fees borne by the seller (a plain wire's 2%). */
  feesCents: z.number().int(),
  /** The commission taken from the payout (when the buyer did not pay it with the funding). */
  commissionCents: z.number().int(),
  paidOutCents: z.number().int(),
});
export const PayoutStatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(PayoutLineSchema),
  totals: z.object({
    dealValueCents: z.number().int(),
    feesCents: z.number().int(),
    commissionCents: z.number().int(),
    paidOutCents: z.number().int(),
  }),
});
export type PayoutStatement = z.infer<typeof PayoutStatementSchema>;
