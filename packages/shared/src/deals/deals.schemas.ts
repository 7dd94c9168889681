import { isInfinite, MAX_INPUT_NUMBER } from '../input-limits.ts';
import { LISTING_UNITS } from '../listings/listings.schemas.ts';
import { AmountSchema, applyRateBps, formatCents } from '../money/money.ts';
import * as z from '../zod.ts';
import {
  canApplyDealTransition,
  commissionCollectable,
  completedWithoutEscrow,
  DEAL_STATUSES,
  type DealGuardContext,
  type DealMachineState,
  type DealParty,
  ESCROW_STATUSES,
  PARTY_DEAL_ACTIONS,
} from './deal-machine.ts';

/** The specification's messages, word for word (document 001, sections 5 and 8). */
export const DEAL_MESSAGES = {
  escrowProviderBusy:
    'The escrow service is releasing or refunding this deal right now. Please try again in a moment.',
  escrowMismatch:
    "This deal's escrow does not match the deal, so no money was moved. An administrator has been alerted to reconcile it.",
  signInToView: 'Please sign in to view your deals.',
  signInToCreate: 'Please sign in to create deals',
  authError: 'Authentication error - please sign in again',
  invalidListingId: 'Invalid listing ID format',
  invalidSellerId: 'Invalid seller ID format',
  invalidUserId: 'Invalid user ID format',
  invalidDealId: 'Invalid deal ID format',
  invalidWireTransferId: 'Invalid wire transfer ID format',
  listingMissing: 'This is a demo listing. To create real deals, please create actual listings first.',
  checkListingFailed: 'Error checking listing - please try again',
  unexpected: 'An unexpected error occurred - please try again',
  valueAboveZero: 'Deal value must be greater than 0',
  loadFailed: 'Failed to load deals',
  updateFailed: 'Failed to update deal',
  requestEarlyReleaseFailed: 'Failed to request early escrow release',
  cannotRequestEarlyRelease: 'Cannot request early release - check deal status and permissions',
  approveEarlyReleaseFailed: 'Failed to approve early escrow release',
  cannotApproveEarlyRelease: 'Cannot approve early release - check deal status and permissions',
  completeFailed: 'Failed to complete deal',
  cannotCompleteNotFunded: 'Cannot complete deal - escrow must be funded first',
  cannotCompleteMaybeNotFunded: 'Cannot complete deal - escrow may not be funded',
  /** Escrow-optional deals: shipping waits while the buyer's escrow payment is under way. */
  cannotCompleteFundingPending: "Cannot complete deal - the buyer's escrow payment is still pending",
  shipFailed: 'Failed to mark goods as shipped',
  confirmationFailed: 'Confirmation failed',
  confirmFailed: 'Failed to confirm deal',
  dealNotFound: 'Error: Deal data not found',
  noActions: 'No actions available',
  waitingForFunding: 'Waiting for buyer to fund escrow...',
  // Successes
  confirmed: 'Deal confirmed!',
  completed: 'Deal Completed!',
  released: 'Escrow Released',
  refunded: 'Escrow Refunded',
  refreshed: 'Deals Refreshed',
  // Buy Now
  cannotBuyOwn: 'Cannot buy your own listing',
  cannotBuyOwnDescription: 'You cannot purchase your own listing',
  purchaseInitiated: 'Purchase Initiated!',
  purchaseFailed: 'Failed to create purchase',
  /** Offers and deals on one's own listing are refused with the same wording. */
  cannotDealOwn: 'You cannot make a deal on your own listing',
  buyNowSellOnly: 'Buy Now is only available on sell listings',
  quantityAboveZero: 'The quantity must be greater than 0',
  quantityAboveListing: "The quantity cannot be more than the listing's quantity",
  quantityNotFinite: 'The quantity must be a finite number',
  quantityTooLarge: 'The quantity must be 1,000,000,000 or less',
  quantityTooSmall: 'The quantity must be at least 0.0001',
  // Escrow creation
  sameEmails: 'Buyer and seller must use different email addresses for escrow',
  noEscrowResponse: 'No response from escrow service. Please try again.',
  escrowServiceError: 'Escrow service returned an error...',
  noTransactionId: 'No transaction ID received from escrow service',
  transactionStatusFailed: 'Failed to get transaction status',
  releaseFundsFailed: 'Failed to release funds',
  sellerEmailMissing:
    'Seller contact email not found. Please ensure the seller has completed their company profile.',
  sellerContactFailed: 'Could not retrieve seller contact information',
  // Escrow payment (card)
  dealIdRequired: 'Deal ID is required',
  validAmountRequired: 'Valid amount is required',
  paymentAuthFailed: 'Authentication failed. Please sign in again.',
  signInToPayEscrow: 'Please sign in to create escrow payment',
  noPaymentUrl: 'No payment URL received',
  noPaymentResponse: 'No response from payment service',
  paymentServiceError: 'Payment service returned an error',
  createEscrowPaymentFailed: 'Failed to create escrow payment',
  userNotAuthenticated: 'User not authenticated',
  releaseEscrowFailed: 'Failed to release escrow funds',
  refundEscrowFailed: 'Failed to refund escrow funds',
  escrowStatusFailed: 'Failed to get escrow status',
  unexpectedShort: 'An unexpected error occurred',
  paymentErrorTitle: 'Payment Error',
  escrowPaymentSuccess: 'Escrow payment successful!',
  escrowPaymentSuccessText:
    'Your payment is held in escrow and will be released to the seller when the deal is completed.',
  escrowPaymentCanceled: 'Escrow payment canceled',
  escrowCreatedTitle: 'Escrow transaction created',
  methodNotAvailable: 'This payment method is not available for this deal',
  // Wire and payment methods
  signInToWire: 'Please sign in to create wire transfers',
  wireReferenceFailed: 'Failed to generate wire transfer reference',
  loadWireTransfersFailed: 'Failed to load wire transfers',
  loadPaymentMethodsFailed: 'Failed to load payment methods',
  verifyWireFailed: 'Failed to verify wire transfer',
  authRequired: 'Authentication required',
  adminValidationFailed: 'Admin validation failed',
  adminRequired: 'Admin access required',
  notAuthenticated: 'Not authenticated',
  wireNotFound: 'Wire transfer not found',
  wireAlreadyVerified: 'This wire transfer is already verified',
  // Commission
  commissionPaymentFailedTitle: 'Payment failed',
  commissionPaymentFailed: 'Failed to create commission payment',
  commissionSettled: 'The commission of this deal is already settled',
  commissionAwaitingOther: 'The other party has been asked to pay their share of the commission',
  commissionProposed:
    'Proposal sent. It applies once the other party chooses it too; until then the buyer pays the commission.',
  // Disputes
  disputeReasonRequired: 'Please describe the problem',
} as const;

/** Business constants of document 001, section 9 (fees that administrators can change live in settings). */
export const DEAL_CONSTANTS = {
  /** Totals at or below this many cents may only be paid by card. */
  cardOnlyMaxCents: 5_000,
  /** The screen rechecks an initiated deal both sides confirmed after this long. */
  confirmRecheckMs: 2_000,
  /** After a card payment the payment state resets and deals refresh after this long. */
  cardRefreshMs: 3_000,
  /** The escrow provider's page opens this long after the "Escrow transaction created" dialog. */
  escrowUrlOpenDelayMs: 500,
  copiedResetMs: 2_000,
  buyNowClickGuardMs: 1_000,
  autoReleaseDays: 7,
  notesMax: 2_000,
  disputeReasonMax: 2_000,
  adminNotesMax: 2_000,
  /** A deal keeps its quantity to 4 decimals (numeric(14, 4)). */
  quantityDecimals: 4,
} as const;

export type { DealStatus, EscrowStatus } from './deal-machine.ts';
export { DEAL_STATUSES, ESCROW_STATUSES };

/** Notes containing "Buy Now" mark a buy_now deal; any other deal is make_offer. */
export const BUY_NOW_NOTE = 'Buy Now';
export type DealType = 'buy_now' | 'make_offer';
export const dealTypeOf = (notes: string | null | undefined): DealType =>
  notes?.includes(BUY_NOW_NOTE) ? 'buy_now' : 'make_offer';

/** "Deal created for $X. Both parties need to confirm to proceed with escrow." */
export const purchaseInitiatedDescription = (valueCents: number) =>
  `Deal created for ${formatCents(valueCents)}. Both parties need to confirm to proceed with escrow.`;

/** "Missing required data: dealId, sellerEmail" */
export const missingDataMessage = (fields: string[]) => `Missing required data: ${fields.join(', ')}`;

/** The commission on a value in cents at the deal's rate (basis points; 300 = 3%). */
export const commissionFor = (valueCents: number, rateBps: number) => applyRateBps(valueCents, rateBps);

// ---------------------------------------------------------------------------------------------------
// Payment methods

/** The spec's order; methods of other types an administrator adds are appended (oldest first). */
export const PAYMENT_METHOD_TYPES = ['card', 'klarna', 'escrow_wire', 'wire'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PaymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  /** Percent as the spec stores it (2.9 for card). */
  processingFeePercentage: z.number(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodListSchema = z.object({ methods: z.array(PaymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>;

export const UpdatePaymentMethodBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(80).optional(),
    description: z.string().trim().max(500).optional(),
    processingFeePercentage: z
      .number({ error: 'Processing fee must be a number' })
      .min(0, 'Processing fee cannot be negative')
      .max(20, 'Processing fee cannot exceed 20%')
      .optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdatePaymentMethodBody = z.infer<typeof UpdatePaymentMethodBodySchema>;

/** Spec order first (card, Klarna Net 30, escrow wire, wire), then other types oldest first. */
export function orderPaymentMethods<T extends { type: string; createdAt: string | Date }>(methods: T[]): T[] {
  const rank = (t: string) => {
    const i = (PAYMENT_METHOD_TYPES as readonly string[]).indexOf(t);
    return i === -1 ? PAYMENT_METHOD_TYPES.length : i;
  };
  return [...methods].sort(
    (a, b) =>
      rank(a.type) - rank(b.type) || new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
}

/** For totals of $50 or less only the card option is offered. */
export function paymentMethodsForTotal<T extends { type: string; enabled: boolean }>(
  methods: T[],
  totalCents: number,
): T[] {
  const enabled = methods.filter((m) => m.enabled);
  return totalCents <= DEAL_CONSTANTS.cardOnlyMaxCents ? enabled.filter((m) => m.type === 'card') : enabled;
}

export const percentToBps = (percent: number) => Math.round(percent * 100);

/**
 * What the buyer pays to fund escrow: the deal value, the commission when paid with the funding, and
 * the payment method's processing fee on both. The escrow holds the deal value.
 */
export function fundingBreakdown(input: {
  dealValueCents: number;
  commissionCents: number;
  includeCommission: boolean;
  methodFeeBps: number;
}) {
  const commissionCents = input.includeCommission ? input.commissionCents : 0;
  const base = input.dealValueCents + commissionCents;
  const feeCents = applyRateBps(base, input.methodFeeBps);
  return {
    dealValueCents: input.dealValueCents,
    commissionCents,
    feeCents,
    totalCents: base + feeCents,
  };
}
export type FundingBreakdown = ReturnType<typeof fundingBreakdown>;

/** The processing fee a verified plain wire pays out of the escrow: a rate on the whole wire. */
export const wireProcessingFee = (wireCents: number, rateBps: number) =>
  Math.min(applyRateBps(wireCents, rateBps), wireCents);

/**
 * Everything a funding route moves, as the ledger will book it: what the buyer pays (deal value, the
 * commission when paid with the funding, the payment method's fee), and what the seller receives at
 * release (the deal value less a plain wire's processing fee, less the commission when the buyer
 * left it out: it is then deducted from the payout). The funding dialog shows it; the server books
 * the same figures (the wire's fee, the release amount and the deduction).
 */
export function settlementBreakdown(input: {
  dealValueCents: number;
  commissionCents: number;
  includeCommission: boolean;
  methodFeeBps: number;
  /** Set for a plain wire: the setting `fees.wire_processing_fee_bps`. */
  wireProcessingFeeBps: number | null;
}) {
  const funding = fundingBreakdown(input);
  const wireFeeCents =
    input.wireProcessingFeeBps === null
      ? 0
      : wireProcessingFee(funding.totalCents, input.wireProcessingFeeBps);
  const commissionFromSellerCents = input.includeCommission ? 0 : input.commissionCents;
  return {
    ...funding,
    buyerPaysCents: funding.totalCents,
    wireFeeCents,
    commissionFromSellerCents,
    sellerReceivesCents: funding.dealValueCents - wireFeeCents - commissionFromSellerCents,
  };
}
export type SettlementBreakdown = ReturnType<typeof settlementBreakdown>;

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

/** The release rule the server books with: the commission still owed comes out of what escrow holds. */
export function payoutAfterCommission(heldCents: number, commissionOwedCents: number) {
  const deductedCents = Math.min(commissionOwedCents, heldCents);
  return { deductedCents, sellerReceivesCents: heldCents - deductedCents };
}

// ---------------------------------------------------------------------------------------------------
// The deal as the API answers it

export const COMMISSION_PAYERS = ['buyer', 'seller', 'split'] as const;
export type CommissionPayer = (typeof COMMISSION_PAYERS)[number];
export const COMMISSION_PAYER_LABELS: Record<CommissionPayer, string> = {
  buyer: 'Buyer pays',
  seller: 'Seller pays',
  split: 'Split 50/50',
};

/** The share of the commission a party owes for a payer choice (split: buyer pays the odd cent). */
export function commissionShare(amountCents: number, payer: CommissionPayer, party: DealParty): number {
  if (payer === 'split') {
    const half = Math.floor(amountCents / 2);
    return party === 'seller' ? half : amountCents - half;
  }
  return payer === party ? amountCents : 0;
}

/**
 * Whether a party's payer choice is only a proposal: it would leave the other party owing more than
 * under the payer both agreed (the buyer when nobody chose). Taking more on yourself, or choosing what
 * the other party proposed, applies at once; shifting the cost onto them waits for their consent.
 */
export function commissionChoiceIsProposal(
  commission: {
    amountCents: number;
    agreed: CommissionPayer | null;
    paidCents: { buyer: number; seller: number };
  },
  party: DealParty,
  wanted: CommissionPayer,
): boolean {
  const other: DealParty = party === 'buyer' ? 'seller' : 'buyer';
  const owes = (payer: CommissionPayer) =>
    Math.max(0, commissionShare(commission.amountCents, payer, other) - commission.paidCents[other]);
  return owes(wanted) > owes(commission.agreed ?? 'buyer');
}

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
});

// ---------------------------------------------------------------------------------------------------
// Request bodies

const uuid = (message: string) => z.uuid({ error: message });

/** Deal value in dollars through the shared amount check, and greater than 0. */
export const DealValueSchema = AmountSchema.refine((dollars) => dollars > 0, {
  message: DEAL_MESSAGES.valueAboveZero,
});

const QUANTITY_SCALE = 10 ** DEAL_CONSTANTS.quantityDecimals;

/**
 * A deal's quantity in the listing's unit, rounded to the 4 decimals a deal keeps: above zero after that
 * rounding, finite and at most MAX_INPUT_NUMBER (the listing's quantity caps it further, on the server).
 */
export const DealQuantitySchema = z
  .number({
    error: (issue) =>
      isInfinite(issue.input) ? DEAL_MESSAGES.quantityNotFinite : DEAL_MESSAGES.quantityAboveZero,
  })
  .positive(DEAL_MESSAGES.quantityAboveZero)
  .max(MAX_INPUT_NUMBER, DEAL_MESSAGES.quantityTooLarge)
  .transform((quantity) => Math.round(quantity * QUANTITY_SCALE) / QUANTITY_SCALE)
  .pipe(z.number().positive(DEAL_MESSAGES.quantityTooSmall));

/** POST /api/deals: Make Offer ("Propose a Deal"). */
export const CreateDealBodySchema = z
  .object({
    listingId: uuid(DEAL_MESSAGES.invalidListingId),
    dealValue: DealValueSchema,
    notes: z.string().trim().max(DEAL_CONSTANTS.notesMax).optional(),
    /** In the listing's unit; defaults to the listing's quantity, never more than it. */
    quantity: DealQuantitySchema.optional(),
  })
  .strict();
export type CreateDealBody = z.input<typeof CreateDealBodySchema>;

/** POST /api/deals/buy-now: a deal for the sell listing's total, notes marking it Buy Now. */
export const BuyNowBodySchema = z
  .object({ listingId: uuid(DEAL_MESSAGES.invalidListingId), quantity: DealQuantitySchema.optional() })
  .strict();
export type BuyNowBody = z.infer<typeof BuyNowBodySchema>;

export const DealIdParamsSchema = z.object({ id: uuid(DEAL_MESSAGES.invalidDealId) });

/** POST /api/deals/:id/actions: one party action of the machine. */
export const DealActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('counter-offer'), dealValue: DealValueSchema }).strict(),
  z
    .object({
      action: z.literal('open-dispute'),
      reason: z
        .string()
        .trim()
        .min(1, DEAL_MESSAGES.disputeReasonRequired)
        .max(DEAL_CONSTANTS.disputeReasonMax),
    })
    .strict(),
  z
    .object({
      action: z.enum(
        PARTY_DEAL_ACTIONS.filter((a) => a !== 'counter-offer' && a !== 'open-dispute') as [
          Exclude<(typeof PARTY_DEAL_ACTIONS)[number], 'counter-offer' | 'open-dispute'>,
          ...Exclude<(typeof PARTY_DEAL_ACTIONS)[number], 'counter-offer' | 'open-dispute'>[],
        ],
      ),
    })
    .strict(),
]);
export type DealActionBody = z.input<typeof DealActionBodySchema>;

/** POST /api/deals/:id/fund: the buyer picks a payment method. */
export const FundEscrowBodySchema = z
  .object({
    method: z.string().min(1).max(40),
    includeCommission: z.boolean().default(true),
  })
  .strict();
export type FundEscrowBody = z.input<typeof FundEscrowBodySchema>;

export const BankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  swiftCode: z.string(),
});
export type BankDetails = z.infer<typeof BankDetailsSchema>;

export const FundingBreakdownSchema = z.object({
  dealValueCents: z.number().int(),
  commissionCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
});

/** What funding answers, by route: a checkout to open, an escrow transaction, or wire instructions. */
export const FundEscrowResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('checkout'), url: z.string(), breakdown: FundingBreakdownSchema }),
  z.object({
    kind: z.literal('escrow_transaction'),
    transactionId: z.string(),
    paymentInstructions: z.object({
      instructions: z.string(),
      escrowUrl: z.string(),
      dealValue: z.number(),
      commission: z.number(),
      amount: z.number(),
    }),
    breakdown: FundingBreakdownSchema,
  }),
  z.object({
    kind: z.literal('wire'),
    referenceNumber: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    bankDetails: BankDetailsSchema,
    breakdown: FundingBreakdownSchema,
  }),
]);
export type FundEscrowResult = z.infer<typeof FundEscrowResultSchema>;

/** POST /api/deals/:id/commission: the commission dialog. */
export const PayCommissionBodySchema = z
  .object({ payer: z.enum(COMMISSION_PAYERS).default('buyer') })
  .strict();
export type PayCommissionBody = z.input<typeof PayCommissionBodySchema>;
export const PayCommissionResultSchema = z.object({
  /** Checkout for the current user's share, opened in a new tab; null when the other party owes it all. */
  url: z.string().nullable(),
  shareCents: z.number().int(),
  /** The choice shifts commission onto the other party: it waits for them to choose it too. */
  proposed: z.boolean(),
});
export type PayCommissionResult = z.infer<typeof PayCommissionResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Wire transfers

export const WIRE_TRANSFER_STATUSES = ['pending', 'received', 'verified', 'failed'] as const;
export type WireTransferStatus = (typeof WIRE_TRANSFER_STATUSES)[number];

export const WireTransferSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  bankDetails: BankDetailsSchema,
  paymentType: z.string(),
  relatedId: z.string().nullable(),
  /** The part of the amount that is the deal's commission (0 when not paid with the funding). */
  commissionCents: z.number().int(),
  processingFeeCents: z.number().int(),
  status: z.enum(WIRE_TRANSFER_STATUSES),
  verifiedAt: z.string().nullable(),
  verifiedByAdminEmail: z.string().nullable(),
  adminNotes: z.string().nullable(),
  /** Whether the processing fee and the commission transfers have been booked. */
  processingFeeTransferred: z.boolean(),
  commissionTransferred: z.boolean(),
  /** Verified for a deal that no longer needed it: returned to the buyer less the processing fee. */
  returnedToBuyer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WireTransfer = z.infer<typeof WireTransferSchema>;
export const WireTransferListSchema = z.object({ wireTransfers: z.array(WireTransferSchema) });

export const WireTransferIdParamsSchema = z.object({ id: uuid(DEAL_MESSAGES.invalidWireTransferId) });
export const ListWireTransfersQuerySchema = z.object({
  status: z.enum([...WIRE_TRANSFER_STATUSES, 'all']).default('all'),
});
export const AdminWireActionBodySchema = z
  .object({ adminNotes: z.string().trim().max(DEAL_CONSTANTS.adminNotesMax).optional() })
  .strict();

// ---------------------------------------------------------------------------------------------------
// What the deal card shows

export const PROGRESS_STEPS = ['Deal Confirmed', 'Escrow Funded', 'Goods Shipped', 'Deal Complete'] as const;
/** The escrow step of a deal created while escrow was not required. */
export const OPTIONAL_ESCROW_STEP = 'Escrow Funded (optional)';

/**
 * The progress checklist of document 001, section 2. A deal that completed without escrow (escrow
 * optional) is complete once shipped.
 */
export function dealProgress(deal: Pick<Deal, 'status' | 'escrowStatus' | 'escrowRequired' | 'milestones'>) {
  // Each step says what happened (the deal's events), so no step is ever unticked again, and an early
  // release completes the deal without claiming anything was shipped.
  const { milestones } = deal;
  return [
    { label: PROGRESS_STEPS[0], done: milestones.agreedAt !== null },
    {
      label: deal.escrowRequired ? PROGRESS_STEPS[1] : OPTIONAL_ESCROW_STEP,
      done: milestones.fundedAt !== null,
    },
    { label: PROGRESS_STEPS[2], done: milestones.shippedAt !== null },
    { label: PROGRESS_STEPS[3], done: milestones.releasedAt !== null || completedWithoutEscrow(deal) },
  ];
}

/** Whether the commission is still owed (and by whom, once a payer is chosen). */
export function commissionOutstandingFor(deal: Deal, party: DealParty): number {
  if (deal.commission.settled || deal.commissionCents === 0) return 0;
  // Nobody chose another payer: the buyer pays, as the specification adds it to the buyer's total.
  if (deal.commission.payer === null)
    return Math.max(
      0,
      commissionShare(deal.commissionCents, 'buyer', party) - deal.commission.paidCents[party],
    );
  return Math.max(
    0,
    commissionShare(deal.commissionCents, deal.commission.payer, party) - deal.commission.paidCents[party],
  );
}

export type DealCardAction =
  | (typeof PARTY_DEAL_ACTIONS)[number]
  | 'fund-escrow'
  | 'waiting-for-funding'
  | 'pay-commission';

/**
 * The card's actions for the viewing party, from the shared machine plus the spec's display rules
 * (the waiting message, Fund Escrow, Pay Commission). Empty means "No actions available".
 */
export function dealCardActions(deal: Deal, party: DealParty, ctx: DealGuardContext = {}): DealCardAction[] {
  const state = machineStateOf(deal);
  const actions: DealCardAction[] = [];
  for (const action of PARTY_DEAL_ACTIONS) {
    if (canApplyDealTransition(state, action, party, ctx)) actions.push(action);
  }
  if (canApplyDealTransition(state, 'fund-escrow', party, ctx)) actions.push('fund-escrow');
  // An escrow-optional seller who may ship is not waiting for anything.
  if (
    party === 'seller' &&
    (deal.status === 'agreed' || deal.status === 'escrow_created') &&
    (deal.escrowStatus === 'none' || deal.escrowStatus === 'pending') &&
    !actions.includes('ship-goods')
  ) {
    actions.push('waiting-for-funding');
  }
  // While unsettled: whoever owes a share; and, until a payer is agreed, the other party too (to offer
  // to take a share), as well as a party the other one sent a proposal to.
  const proposal = deal.commission.proposal;
  if (
    commissionCollectable(state) &&
    !deal.commission.settled &&
    deal.commissionCents > 0 &&
    (commissionOutstandingFor(deal, party) > 0 ||
      deal.commission.payer === null ||
      (proposal !== null && proposal.by !== party))
  ) {
    actions.push('pay-commission');
  }
  return actions;
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
// Escrow provider test (/escrow-test)

/**
 * `error.details` of a failed escrow-provider call: the provider's host (the toast reads "{host} Error")
 * and what the error means for the user (escrowErrorMeaning of the provider's text).
 */
export const EscrowErrorDetailsSchema = z.object({ host: z.string(), meaning: z.string() });
export type EscrowErrorDetails = z.infer<typeof EscrowErrorDetailsSchema>;

export const EscrowTestResultSchema = z.object({
  ok: z.boolean(),
  provider: z.string(),
  log: z.array(z.object({ step: z.string(), ok: z.boolean(), detail: z.string() })),
  hints: z.array(z.string()),
});
export type EscrowTestResult = z.infer<typeof EscrowTestResultSchema>;

// ---------------------------------------------------------------------------------------------------
// My Deals: where a deal belongs and in what order

export const DEAL_FOLDERS = ['all', 'action', 'active', 'completed', 'cancelled'] as const;
export type DealFolder = (typeof DEAL_FOLDERS)[number];
export const DEAL_FOLDER_LABELS: Record<DealFolder, string> = {
  all: 'All',
  action: 'Needs my action',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Whether the viewing party has something to do on the deal now (not merely waiting). */
export function dealNeedsActionFrom(deal: Deal, party: DealParty): boolean {
  return dealCardActions(deal, party).some((a) => a !== 'waiting-for-funding');
}

/** The folder a deal lives in: open until it is cancelled, or completed with no escrow left to settle. */
export function dealFolderOf(deal: Deal): 'active' | 'completed' | 'cancelled' {
  if (deal.status === 'cancelled' && deal.escrowStatus !== 'held') return 'cancelled';
  if (deal.status === 'completed' && deal.escrowStatus !== 'held') return 'completed';
  return 'active';
}

export function dealInFolder(deal: Deal, party: DealParty, folder: DealFolder): boolean {
  if (folder === 'all') return true;
  if (folder === 'action') return dealNeedsActionFrom(deal, party);
  return dealFolderOf(deal) === folder;
}

/** My Deals' order: what needs the viewer first, then open deals, then closed ones; newest activity first. */
export function sortDealsForParty(deals: Deal[], partyOf: (deal: Deal) => DealParty): Deal[] {
  const rank = (deal: Deal) =>
    dealNeedsActionFrom(deal, partyOf(deal)) ? 0 : dealFolderOf(deal) === 'active' ? 1 : 2;
  return [...deals].sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt));
}

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
