import type { ClaimStatus } from '@app/shared/deals/claim-rules';
import type { ClaimDetail, ClaimStep } from '@app/shared/deals/deal-claims.schemas';
import { dateFormat, formatUsd } from '@/lib/format';
import type { BadgeVariant } from '../utils/deal-labels';

/** One colour per claim status, the same on the deal card and in the administrators' queue. */
export const CLAIM_STATUS_BADGE: Record<ClaimStatus, BadgeVariant> = {
  awaiting_seller: 'warning',
  offered: 'info',
  rejected: 'destructive',
  escalated: 'default',
  settled: 'success',
  withdrawn: 'secondary',
};

export const money = (cents: number) => formatUsd(cents, { alwaysCents: true });

/**
 * "March 3, 2027 at 10:05 AM": a claim's windows close at a moment, not on a day, so their deadlines
 * show the time in the reader's zone.
 */
export const formatDeadline = (iso: string) =>
  dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

type Viewer = 'buyer' | 'seller' | 'admin';

const PARTY_NAME = { buyer: 'The buyer', seller: 'The seller' } as const;

/** Who took a step, as the viewer reads it: "You", "The seller", "Recytrade". */
function actorOf(step: ClaimStep, viewer: Viewer): string {
  if (step.actorRole === 'admin' || step.actorRole === 'system') return 'Recytrade';
  return step.actorRole === viewer ? 'You' : PARTY_NAME[step.actorRole];
}

const STEP_VERB: Record<ClaimStep['transition'], string> = {
  open: 'opened the claim',
  'accept-claim': 'accepted the claim',
  'offer-partial': 'offered a partial amount',
  'reject-claim': 'rejected the claim',
  'accept-offer': 'accepted the offer',
  escalate: 'escalated the claim to Recytrade',
  decide: 'decided the claim',
  withdraw: 'withdrew the claim',
};

/** The timeline's sentence for a step: "The seller offered a partial amount". */
export function stepSentence(step: ClaimStep, viewer: Viewer): string {
  // The timed job hands an unanswered claim over; nobody pressed a button.
  if (step.transition === 'escalate' && step.actorRole === 'system')
    return 'Sent to Recytrade: the seller did not answer in time';
  return `${actorOf(step, viewer)} ${STEP_VERB[step.transition]}`;
}

/** What the amount of a step is: the amount claimed, offered, or the buyer's part of a settlement. */
export function stepAmount(step: ClaimStep): string | null {
  if (step.amountCents === null) return null;
  if (step.transition === 'open') return `Claimed ${money(step.amountCents)}`;
  if (step.transition === 'offer-partial') return `Offered ${money(step.amountCents)}`;
  return `${money(step.amountCents)} refunded to the buyer`;
}

/** "Settled: $X refunded to the buyer, $Y paid to the seller" (null before a settlement). */
export function settlementSentence(claim: Pick<ClaimDetail, 'split'>): string | null {
  if (!claim.split) return null;
  const { buyerRefundCents, sellerPayoutCents } = claim.split;
  return `Settled: ${money(buyerRefundCents)} refunded to the buyer, ${money(sellerPayoutCents)} paid to the seller`;
}
