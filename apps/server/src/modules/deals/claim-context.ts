import type { ClaimEvent, ClaimMachineState } from '@app/shared/deals/claim-machine';
import type { AuditEntry } from '../access/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import { claimDealFacts } from './deal-claim-windows.ts';
import type { ClaimRow } from './deal-claims.repository.ts';
import type { DealContext } from './deal-context.ts';
import type { DealTransitions } from './deal-transitions.ts';
import type { DealViews } from './deal-views.ts';
import type { DealRow } from './deals.repository.ts';

/** What the claim use cases are built from: the deal context and the parts they use; each names its own. */
export type ClaimDeps = DealContext & {
  transitions: DealTransitions;
  announcements: DealAnnouncements;
  views: Pick<DealViews, 'requireParty'>;
};

/** What a claim step carries besides the machine's event: who wrote what, with which files. */
export type StepExtras = { note?: string; evidence?: readonly string[]; audit?: AuditEntry };

/** What one committed claim step did, for the work after the commit. */
export type StepOutcome = { claim: ClaimRow; deal: DealRow; settled: boolean; completed: boolean };

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The claim machine's view of a stored claim (`heldNow`: what the deal's escrow holds now). */
export function machineStateOf(claim: ClaimRow, deal: DealRow, heldNow: number): ClaimMachineState {
  return {
    status: claim.status,
    deal: claimDealFacts(deal, heldNow),
    reason: claim.reason,
    affectedQuantity: claim.affectedQuantity,
    heldCents: claim.heldCents,
    claimedCents: claim.claimedCents,
    offeredCents: claim.offeredCents,
    openedAt: claim.openedAt,
    answerDueAt: claim.answerDueAt,
    answeredAt: claim.answeredAt,
    escalatedAt: claim.escalatedAt,
    closedAt: claim.closedAt,
    split:
      claim.buyerRefundCents !== null && claim.sellerPayoutCents !== null
        ? { buyerRefundCents: claim.buyerRefundCents, sellerPayoutCents: claim.sellerPayoutCents }
        : null,
  };
}

/** The amount a step names on the timeline: claimed, offered, or the buyer's part of a settlement. */
export function amountOfStep(event: ClaimEvent, next: ClaimMachineState): number | null {
  if (event.type === 'open') return event.claimedCents;
  if (event.type === 'offer-partial') return event.offeredCents;
  return next.split?.buyerRefundCents ?? null;
}
