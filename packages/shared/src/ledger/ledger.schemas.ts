import * as z from '../zod.ts';

/** A deal whose escrow account holds something other than what the deal says it holds. */
export const EscrowMismatchSchema = z.object({
  dealId: z.string(),
  listingTitle: z.string().nullable(),
  status: z.string(),
  escrowStatus: z.string(),
  heldCents: z.number().int(),
  expectedCents: z.number().int(),
});
export type EscrowMismatch = z.infer<typeof EscrowMismatchSchema>;

/** GET /api/admin/ledger: the books check and every account's balance. */
export const LedgerSummarySchema = z.object({
  /** Every transaction sums to zero, and so does the whole ledger. */
  balanced: z.boolean(),
  unbalancedTransactions: z.array(z.string()),
  totalCents: z.number().int(),
  /** Every deal's escrow account holds what the deal says it holds. */
  escrowReconciled: z.boolean(),
  escrowMismatches: z.array(EscrowMismatchSchema),
  balances: z.array(z.object({ account: z.string(), balanceCents: z.number().int() })),
});

/** Charges on checkout pages that paid nothing, booked in suspense until their automatic refund. */
export const SUSPENSE_ACCOUNT = 'suspense:payments';
export type LedgerSummary = z.infer<typeof LedgerSummarySchema>;
