import {
  type AnswerClaimBody,
  CLAIM_MESSAGES,
  type ClaimDetail,
  type DecideClaimBody,
  type OpenClaimBody,
  type RespondClaimBody,
} from '@app/shared/deals/deal-claims.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { ClaimDeps } from './claim-context.ts';
import { type ClaimStepDeps, step } from './claim-step.ts';
import { type ClaimReadDeps, claimDetail } from './claim-views.ts';
import { listUnansweredPastDue } from './deal-claims.repository.ts';
import { type DealActorRef, JOB_BATCH } from './deal-context.ts';

/** What a party's claim action uses: the step, the party check, and the claim's view. */
type ActionDeps = ClaimStepDeps & ClaimReadDeps & Pick<ClaimDeps, 'views'>;

/** POST /api/deals/:id/claims: the buyer opens a claim. */
export async function openClaim(
  deps: ActionDeps,
  user: SessionUser,
  dealId: string,
  body: OpenClaimBody,
): Promise<ClaimDetail> {
  const { views } = deps;
  const { role } = await views.requireParty(user, dealId);
  if (role !== 'buyer') throw new AppError('FORBIDDEN', CLAIM_MESSAGES.buyerOnly);
  const evidence = body.evidence ?? [];
  const { claim } = await step(
    deps,
    dealId,
    null,
    {
      type: 'open',
      reason: body.reason,
      affectedQuantity: body.affectedQuantity,
      claimedCents: body.claimedCents,
      evidence,
    },
    { role: 'buyer', userId: user.id },
    { note: body.note?.trim(), evidence },
  );
  return claimDetail(deps, claim.id, user);
}

/** POST /api/deals/:id/claims/:claimId/answer: the seller's answer. */
export async function answerClaim(
  deps: ActionDeps,
  user: SessionUser,
  dealId: string,
  claimId: string,
  body: AnswerClaimBody,
): Promise<ClaimDetail> {
  const { views } = deps;
  const { role } = await views.requireParty(user, dealId);
  const actor: DealActorRef = { role, userId: user.id };
  const note = body.note?.trim();
  if (body.answer === 'accept') await step(deps, dealId, claimId, { type: 'accept-claim' }, actor, { note });
  else if (body.answer === 'offer')
    await step(deps, dealId, claimId, { type: 'offer-partial', offeredCents: body.offeredCents }, actor, {
      note,
    });
  else
    await step(deps, dealId, claimId, { type: 'reject-claim', evidence: body.evidence }, actor, {
      note,
      evidence: body.evidence,
    });
  return claimDetail(deps, claimId, user);
}

/** POST /api/deals/:id/claims/:claimId/respond: the buyer takes the offer, escalates or withdraws. */
export async function respondToClaim(
  deps: ActionDeps,
  user: SessionUser,
  dealId: string,
  claimId: string,
  body: RespondClaimBody,
): Promise<ClaimDetail> {
  const { views } = deps;
  const { role } = await views.requireParty(user, dealId);
  await step(
    deps,
    dealId,
    claimId,
    { type: body.response },
    { role, userId: user.id },
    { note: body.note?.trim() },
  );
  return claimDetail(deps, claimId, user);
}

/** POST /api/admin/deals/:id/claims/:claimId/decision: an administrator splits the escrow (audited). */
export async function decideClaim(
  deps: ClaimStepDeps & ClaimReadDeps,
  admin: SessionUser,
  dealId: string,
  claimId: string,
  body: DecideClaimBody,
): Promise<ClaimDetail> {
  const note = body.note.trim();
  await step(
    deps,
    dealId,
    claimId,
    { type: 'decide', buyerRefundCents: body.buyerRefundCents, sellerPayoutCents: body.sellerPayoutCents },
    { role: 'admin', userId: admin.id },
    {
      note,
      audit: {
        actor: admin,
        action: 'deal.claim-decided',
        targetType: 'deal',
        targetId: dealId,
        details: {
          claimId,
          buyerRefundCents: body.buyerRefundCents,
          sellerPayoutCents: body.sellerPayoutCents,
          note,
        },
      },
    },
  );
  return claimDetail(deps, claimId, admin);
}

/** The timed job: claims the seller left unanswered past the window go to an administrator. */
export async function runClaimEscalation(deps: ClaimStepDeps): Promise<{ escalated: number }> {
  const { clock, db, logError } = deps;
  let escalated = 0;
  for (const claim of await listUnansweredPastDue(db, clock.now(), JOB_BATCH)) {
    try {
      await step(deps, claim.dealId, claim.id, { type: 'escalate' }, { role: 'system', userId: null });
      escalated += 1;
    } catch (err) {
      // Answered or escalated meanwhile: nothing to do.
      if (!(err instanceof AppError && err.status < 500)) logError('claim escalation failed', err);
    }
  }
  return { escalated };
}
