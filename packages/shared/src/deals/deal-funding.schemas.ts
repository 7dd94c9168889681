/** Funding escrow: payment methods, what a funding costs and settles, and the fund-escrow contract. */
import { applyRateBps } from '../money/money.ts';
import * as z from '../zod.ts';
import { DEAL_CONSTANTS } from './deal-common.schemas.ts';

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
