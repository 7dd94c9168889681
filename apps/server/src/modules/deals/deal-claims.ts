import type {
  AdminClaimsQuery,
  AnswerClaimBody,
  DecideClaimBody,
  OpenClaimBody,
  RespondClaimBody,
} from '@app/shared/deals/deal-claims.schemas';
import type { SessionUser } from '../accounts/index.ts';
import { answerClaim, decideClaim, openClaim, respondToClaim, runClaimEscalation } from './claim-actions.ts';
import type { ClaimDeps } from './claim-context.ts';
import { adminListClaims, countAwaitingDecision, listClaims, mayReadEvidence } from './claim-views.ts';
import type { DealContext } from './deal-context.ts';

/**
 * Claims on shipped deals: the buyer opens one with evidence, the seller accepts, offers part or
 * rejects, the buyer takes the offer, escalates or withdraws, an administrator decides. Every step runs
 * through the shared claim machine under the deal's row lock; a settlement fires the deal machine's
 * `settle-claim` in the same transaction (one balanced ledger transaction), and card or Klarna money
 * for the buyer goes back through the payment provider after the commit.
 * Each step is a use case of its own (claim-actions.ts through claim-step.ts; the reads in
 * claim-views.ts and claim-details.ts).
 */
export function createDealClaims(
  ctx: DealContext,
  parts: Pick<ClaimDeps, 'transitions' | 'announcements' | 'views'>,
) {
  const deps: ClaimDeps = { ...ctx, ...parts };
  return {
    openClaim: (user: SessionUser, dealId: string, body: OpenClaimBody) =>
      openClaim(deps, user, dealId, body),
    answerClaim: (user: SessionUser, dealId: string, claimId: string, body: AnswerClaimBody) =>
      answerClaim(deps, user, dealId, claimId, body),
    respondToClaim: (user: SessionUser, dealId: string, claimId: string, body: RespondClaimBody) =>
      respondToClaim(deps, user, dealId, claimId, body),
    decideClaim: (admin: SessionUser, dealId: string, claimId: string, body: DecideClaimBody) =>
      decideClaim(deps, admin, dealId, claimId, body),
    listClaims: (user: SessionUser, dealId: string) => listClaims(deps, user, dealId),
    adminListClaims: (query: AdminClaimsQuery) => adminListClaims(deps, query),
    countAwaitingDecision: () => countAwaitingDecision(deps),
    runClaimEscalation: () => runClaimEscalation(deps),
    mayReadEvidence: (user: SessionUser, claimId: string) => mayReadEvidence(deps, user, claimId),
  };
}

export type DealClaims = ReturnType<typeof createDealClaims>;
