/** The platform's commission on a deal: who pays which share, and the pay-commission contract. */
import * as z from '../zod.ts';
import type { DealParty } from './deal-machine.ts';

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

/** The release rule the server books with: the commission still owed comes out of what escrow holds. */
export function payoutAfterCommission(heldCents: number, commissionOwedCents: number) {
  const deductedCents = Math.min(commissionOwedCents, heldCents);
  return { deductedCents, sellerReceivesCents: heldCents - deductedCents };
}

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
