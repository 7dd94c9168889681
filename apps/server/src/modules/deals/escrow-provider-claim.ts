import { randomUUID } from 'node:crypto';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import type { AuditEntry } from '../access/index.ts';
import { type DealActorRef, notFound } from './deal-context.ts';
import { clearEscrowClaim, type DealRow, findDealForUpdate, updateDeal } from './deals.repository.ts';
import type { EscrowProviderClaim } from './deals.table.ts';
import { afterCommit, applyInTx, assertTransitionAllowed, type TransitionDeps } from './transition-apply.ts';

/** What an escrow-provider release or refund uses. */
export type ProviderClaimDeps = Pick<
  TransitionDeps,
  | 'announcements'
  | 'audit'
  | 'clock'
  | 'db'
  | 'escrow'
  | 'impact'
  | 'listingQuantity'
  | 'logError'
  | 'onDealCompleted'
  | 'quantities'
>;

/**
 * A release or refund of money the escrow provider holds. The deal is claimed under its row lock
 * first (a concurrent dispute either got the lock before, or is refused while the claim stands),
 * the provider is called after that commit (its calls are idempotent), and the transition is then
 * recorded. A failed call drops the claim and answers 502; a crash in between is finished by the
 * reconcile job from what the provider says.
 */
export async function applyThroughEscrowProvider(
  deps: ProviderClaimDeps,
  dealId: string,
  transition: EscrowProviderClaim['transition'],
  actor: DealActorRef,
  transactionId: string,
  auditEntry?: AuditEntry,
): Promise<DealRow> {
  const { db, escrow } = deps;
  const claim: EscrowProviderClaim = {
    id: randomUUID(),
    transition,
    actor,
    ...(auditEntry
      ? {
          audit: {
            actor: { id: auditEntry.actor.id, email: auditEntry.actor.email },
            action: auditEntry.action,
            targetType: auditEntry.targetType,
            targetId: auditEntry.targetId,
          },
        }
      : {}),
    claimedAt: new Date().toISOString(),
  };
  await inTransaction(db, async (tx) => {
    const row = await findDealForUpdate(tx, dealId);
    if (!row) throw notFound();
    if (row.escrowProviderClaim)
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
    assertTransitionAllowed(deps, row, transition, actor);
    await updateDeal(tx, dealId, { escrowProviderClaim: claim });
  });
  try {
    await escrow.callProviderFor(transition, transactionId);
  } catch (err) {
    await clearEscrowClaim(db, dealId, claim.id);
    throw err;
  }
  crashPoint('deals.escrow-provider.after-call');
  return recordClaimed(deps, dealId, claim);
}

/** Records the transition the provider carried out, with its audit row, and clears the claim. */
export async function recordClaimed(
  deps: ProviderClaimDeps,
  dealId: string,
  claim: EscrowProviderClaim,
): Promise<DealRow> {
  const { announcements, audit, db } = deps;
  const applied = await inTransaction(db, async (tx) => {
    const result = await applyInTx(deps, tx, dealId, claim.transition, claim.actor, {
      escrowClaimId: claim.id,
    });
    if (claim.audit) await audit(claim.audit, tx);
    await announcements.announceTransition(tx, result.after, claim.transition);
    return result;
  });
  await afterCommit(deps, applied);
  return applied.after;
}
