import type { DealTransition } from '@app/shared/deals/deal-machine';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../access/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import {
  type DealActorRef,
  type DealContext,
  type DealTransitionPayload,
  notFound,
  RELEASES,
} from './deal-context.ts';
import type { DealQuantities } from './deal-quantities.ts';
import { type DealRow, findDeal } from './deals.repository.ts';
import type { EscrowProviderClaim } from './deals.table.ts';
import {
  applyThroughEscrowProvider,
  type ProviderClaimDeps,
  recordClaimed,
} from './escrow-provider-claim.ts';
import {
  type AppliedTransition,
  type ApplyDeps,
  afterCommit,
  applyInTx,
  assertTransitionAllowed,
  type TransitionDeps,
} from './transition-apply.ts';

export type { AppliedTransition } from './transition-apply.ts';

/**
 * A transition fired by the server or an administrator inside another module's transaction (a
 * payment booked, a wire verified). Refused means it already happened or no longer applies: a
 * no-op, so a retried webhook changes nothing. Notifications follow the commit.
 */
export async function fireInTx(
  deps: ApplyDeps & Pick<TransitionDeps, 'announcements' | 'defer' | 'logError' | 'onDealCompleted'>,
  tx: Db,
  dealId: string,
  transition: DealTransition,
  actor: DealActorRef,
  payload: DealTransitionPayload,
): Promise<AppliedTransition | null> {
  const { announcements, defer } = deps;
  try {
    const applied = await applyInTx(deps, tx, dealId, transition, actor, payload);
    await announcements.announceTransition(tx, applied.after, transition);
    defer(() => afterCommit(deps, applied));
    return applied;
  } catch (err) {
    // Refusals happen before any write, so the caller's transaction is untouched.
    if (err instanceof AppError && (err.code === 'DEAL_TRANSITION_NOT_ALLOWED' || err.code === 'NOT_FOUND'))
      return null;
    throw err;
  }
}

/**
 * The one entry point for state changes: access checked by the caller, then one transaction with
 * the row locked; external calls (provider release or refund) and notifications around it. An
 * administrator's transition passes its audit entry, written in that same transaction.
 */
export async function applyDealTransition(
  deps: ProviderClaimDeps,
  dealId: string,
  transition: DealTransition,
  actor: DealActorRef,
  payload: DealTransitionPayload = {},
  auditEntry?: AuditEntry,
): Promise<DealRow> {
  const { announcements, audit, db, escrow } = deps;
  const current = await findDeal(db, dealId);
  if (!current) throw notFound();
  assertTransitionAllowed(deps, current, transition, actor);
  if (RELEASES.includes(transition) || transition === 'refund-escrow') {
    const providerTransactionId = await escrow.heldProviderTransactionOf(dealId);
    if (providerTransactionId)
      return applyThroughEscrowProvider(
        deps,
        dealId,
        transition as EscrowProviderClaim['transition'],
        actor,
        providerTransactionId,
        auditEntry,
      );
  }
  const applied = await inTransaction(db, async (tx) => {
    const result = await applyInTx(deps, tx, dealId, transition, actor, payload);
    if (auditEntry) await audit(auditEntry, tx);
    await announcements.announceTransition(tx, result.after, transition);
    return result;
  });
  if (transition === 'refund-escrow') await escrow.refundCardFunding(dealId);
  await afterCommit(deps, applied);
  return applied.after;
}

/**
 * The transition engine: applies a transition declared in the shared deal machine with its guards
 * (the machine, the row lock, the conditional update), its audit row and `deal_events` row, its
 * ledger postings and its announcements. Every state change of a deal goes through here.
 * Each step is a use case of its own (transition-apply.ts, escrow-provider-claim.ts, this file).
 */
export function createDealTransitions(
  ctx: DealContext,
  parts: { announcements: DealAnnouncements; quantities: DealQuantities },
) {
  const deps: TransitionDeps = { ...ctx, ...parts };
  return {
    assertTransitionAllowed: (row: DealRow, transition: DealTransition, actor: DealActorRef) =>
      assertTransitionAllowed(deps, row, transition, actor),
    applyInTx: (
      tx: Db,
      dealId: string,
      transition: DealTransition,
      actor: DealActorRef,
      payload: DealTransitionPayload,
    ) => applyInTx(deps, tx, dealId, transition, actor, payload),
    fireInTx: (
      tx: Db,
      dealId: string,
      transition: DealTransition,
      actor: DealActorRef,
      payload: DealTransitionPayload,
    ) => fireInTx(deps, tx, dealId, transition, actor, payload),
    applyDealTransition: (
      dealId: string,
      transition: DealTransition,
      actor: DealActorRef,
      payload: DealTransitionPayload = {},
      auditEntry?: AuditEntry,
    ) => applyDealTransition(deps, dealId, transition, actor, payload, auditEntry),
    recordClaimed: (dealId: string, claim: EscrowProviderClaim) => recordClaimed(deps, dealId, claim),
    afterCommit: (applied: AppliedTransition) => afterCommit(deps, applied),
  };
}

export type DealTransitions = ReturnType<typeof createDealTransitions>;
