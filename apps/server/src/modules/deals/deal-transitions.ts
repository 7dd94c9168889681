import { randomUUID } from 'node:crypto';
import {
  canApplyDealTransition,
  commissionCollectable,
  type DealMachineState,
  type DealTransition,
  dealHoldsQuantity,
  nextDealState,
} from '@app/shared/deals/deal-machine';
import { commissionFor, DEAL_CONSTANTS, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import type { AuditEntry } from '../access/index.ts';
import { isMoneyTransition } from '../escrow/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import {
  type DealActorRef,
  type DealContext,
  type DealTransitionPayload,
  machineStateOfRow,
  notFound,
  RELEASES,
} from './deal-context.ts';
import type { DealQuantities } from './deal-quantities.ts';
import {
  clearEscrowClaim,
  type DealRow,
  findDeal,
  findDealForUpdate,
  findListingBrief,
  insertDealEvent,
  type NewDealRow,
  updateDeal,
  updateDealIfState,
} from './deals.repository.ts';
import type { EscrowProviderClaim } from './deals.table.ts';

/** `completed`: this transition completed the deal (released, or completed without escrow). */
export type AppliedTransition = { before: DealRow; after: DealRow; completed?: boolean };

/** The spec's message when the machine refuses a transition. */
function refusalMessage(transition: DealTransition, state: DealMachineState): string {
  switch (transition) {
    case 'ship-goods':
      if (state.escrowStatus === 'held') return DEAL_MESSAGES.updateFailed;
      return !state.escrowRequired && state.escrowStatus === 'pending'
        ? DEAL_MESSAGES.cannotCompleteFundingPending
        : DEAL_MESSAGES.cannotCompleteNotFunded;
    case 'request-early-release':
      return DEAL_MESSAGES.cannotRequestEarlyRelease;
    case 'approve-early-release':
      return DEAL_MESSAGES.cannotApproveEarlyRelease;
    default:
      return DEAL_MESSAGES.updateFailed;
  }
}

/**
 * The transition engine: applies a transition declared in the shared deal machine with its guards
 * (the machine, the row lock, the conditional update), its audit row and `deal_events` row, its
 * ledger postings and its announcements. Every state change of a deal goes through here.
 */
export function createDealTransitions(
  ctx: DealContext,
  parts: { announcements: DealAnnouncements; quantities: DealQuantities },
) {
  const { db, clock, audit, escrow, listingQuantity, logError } = ctx;
  const { announcements, quantities } = parts;

  /** The machine's verdict on a transition from a deal's state, as the spec words a refusal. */
  function assertTransitionAllowed(row: DealRow, transition: DealTransition, actor: DealActorRef): void {
    const state = machineStateOfRow(row);
    const ctxNow = { now: clock.now(), autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays };
    if (!canApplyDealTransition(state, transition, actor.role, ctxNow))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', refusalMessage(transition, state));
  }

  /**
   * Applies one transition inside `tx` with the deal row locked: the machine decides, the update is
   * conditional on the state it was checked against, an event row records it, money moves in the
   * same transaction. Throws 409 when refused.
   */
  async function applyInTx(
    tx: Db,
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload,
  ): Promise<AppliedTransition> {
    const before = await findDealForUpdate(tx, dealId);
    if (!before) throw notFound();
    // While the escrow provider releases or refunds, the deal is frozen but for recording that.
    const claim = before.escrowProviderClaim;
    if (claim && payload.escrowClaimId !== claim.id)
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
    const state = machineStateOfRow(before);
    const now = clock.now();
    const machineCtx = {
      now,
      autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays,
      claimSettlement:
        payload.claimSettlement?.sellerPayoutCents === 0 ? ('refunded' as const) : ('released' as const),
    };
    if (!canApplyDealTransition(state, transition, actor.role, machineCtx))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', refusalMessage(transition, state));
    const next = nextDealState(state, transition, actor.role, machineCtx);
    // A deal that starts holding its quantity (an offer agreed) takes it under the listing's lock;
    // one that stops (cancelled, refunded) gives it back. The deal row is locked first, then the listing.
    const holdsBefore = dealHoldsQuantity(before);
    const holdsAfter = dealHoldsQuantity({ status: next.status, buyNow: before.buyNow });
    if (!holdsBefore && holdsAfter)
      await quantities.takeListingQuantity(tx, before.listingId, before.quantity ?? 0);
    const values: Partial<NewDealRow> = {
      status: next.status,
      escrowStatus: next.escrowStatus,
      buyerConfirmed: next.buyerConfirmed,
      sellerConfirmed: next.sellerConfirmed,
      lastOfferBy: next.lastOfferBy,
      earlyReleaseRequestedBy: next.earlyReleaseRequestedBy,
      ...(claim ? { escrowProviderClaim: null } : {}),
      updatedAt: now,
    };
    if (transition === 'counter-offer') {
      const valueCents = payload.valueCents ?? before.dealValueCents;
      values.dealValueCents = valueCents;
      values.commissionCents = commissionFor(valueCents, before.commissionRateBps);
    }
    if (transition === 'ship-goods') {
      values.shippedAt = now;
      values.completedAt = now;
    }
    if (RELEASES.includes(transition)) values.completedAt = before.completedAt ?? now;
    if (transition === 'record-delivery') values.deliveredAt = now;
    if (transition === 'settle-claim') {
      if (!payload.claimSettlement || payload.claimSettlement.claimId !== before.openClaimId)
        throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
      values.openClaimId = null;
    }
    if (transition === 'open-dispute') {
      values.disputeReason = payload.reason ?? null;
      values.disputeOpenedAt = now;
    }
    const after = await updateDealIfState(tx, dealId, state, values);
    if (!after) throw new AppError('CONFLICT', DEAL_MESSAGES.updateFailed);
    if (holdsBefore !== holdsAfter) await listingQuantity.syncSoldStatus(tx, before.listingId);
    await insertDealEvent(tx, {
      id: randomUUID(),
      dealId,
      transition,
      actorRole: actor.role,
      actorUserId: actor.userId,
      payload: { ...payload },
      fromStatus: before.status,
      toStatus: after.status,
      fromEscrowStatus: before.escrowStatus,
      toEscrowStatus: after.escrowStatus,
      createdAt: now,
    });
    // The money of the transition: escrow books it in this transaction and says what changes on the deal.
    const moneyChanges = isMoneyTransition(transition)
      ? await escrow.bookTransitionMoney(tx, before, after, transition, payload)
      : null;
    const booked = moneyChanges ? ((await updateDeal(tx, dealId, moneyChanges)) ?? after) : after;
    if (commissionCollectable(booked) && !booked.impactRecordedAt)
      return { before, after: await recordImpact(tx, booked, now), completed: true };
    return { before, after: booked };
  }

  /**
   * The delivered tonnage and its estimated CO2e savings, written with the completing transition so a
   * completed deal never lacks them. The quantity is the deal's snapshot (older deals: the listing's).
   */
  async function recordImpact(tx: Db, deal: DealRow, now: Date): Promise<DealRow> {
    const listing = await findListingBrief(tx, deal.listingId);
    const quantity = deal.quantity ?? listing?.quantity ?? null;
    const unit = deal.unit ?? listing?.unit ?? null;
    const impact =
      ctx.impact && quantity !== null && unit !== null
        ? await ctx.impact.assessDelivery(tx, { grade: listing?.grade ?? null, quantity, unit })
        : { deliveredTonnes: null, warmMaterial: null, co2eAvoidedKg: null };
    const updated = await updateDeal(tx, deal.id, { ...impact, impactRecordedAt: now });
    return updated ?? deal;
  }

  /**
   * A transition fired by the server or an administrator inside another module's transaction (a
   * payment booked, a wire verified). Refused means it already happened or no longer applies: a
   * no-op, so a retried webhook changes nothing. Notifications follow the commit.
   */
  async function fireInTx(
    tx: Db,
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload,
  ): Promise<AppliedTransition | null> {
    try {
      const applied = await applyInTx(tx, dealId, transition, actor, payload);
      await announcements.announceTransition(tx, applied.after, transition);
      ctx.defer(() => afterCommit(applied));
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
  async function applyDealTransition(
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload = {},
    auditEntry?: AuditEntry,
  ): Promise<DealRow> {
    const current = await findDeal(db, dealId);
    if (!current) throw notFound();
    assertTransitionAllowed(current, transition, actor);
    if (RELEASES.includes(transition) || transition === 'refund-escrow') {
      const providerTransactionId = await escrow.heldProviderTransactionOf(dealId);
      if (providerTransactionId)
        return applyThroughEscrowProvider(
          dealId,
          transition as EscrowProviderClaim['transition'],
          actor,
          providerTransactionId,
          auditEntry,
        );
    }
    const applied = await inTransaction(db, async (tx) => {
      const result = await applyInTx(tx, dealId, transition, actor, payload);
      if (auditEntry) await audit(auditEntry, tx);
      await announcements.announceTransition(tx, result.after, transition);
      return result;
    });
    if (transition === 'refund-escrow') await escrow.refundCardFunding(dealId);
    await afterCommit(applied);
    return applied.after;
  }

  /**
   * A release or refund of money the escrow provider holds. The deal is claimed under its row lock
   * first (a concurrent dispute either got the lock before, or is refused while the claim stands),
   * the provider is called after that commit (its calls are idempotent), and the transition is then
   * recorded. A failed call drops the claim and answers 502; a crash in between is finished by the
   * reconcile job from what the provider says.
   */
  async function applyThroughEscrowProvider(
    dealId: string,
    transition: EscrowProviderClaim['transition'],
    actor: DealActorRef,
    transactionId: string,
    auditEntry?: AuditEntry,
  ): Promise<DealRow> {
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
      assertTransitionAllowed(row, transition, actor);
      await updateDeal(tx, dealId, { escrowProviderClaim: claim });
    });
    try {
      await escrow.callProviderFor(transition, transactionId);
    } catch (err) {
      await clearEscrowClaim(db, dealId, claim.id);
      throw err;
    }
    crashPoint('deals.escrow-provider.after-call');
    return recordClaimed(dealId, claim);
  }

  /** Records the transition the provider carried out, with its audit row, and clears the claim. */
  async function recordClaimed(dealId: string, claim: EscrowProviderClaim): Promise<DealRow> {
    const applied = await inTransaction(db, async (tx) => {
      const result = await applyInTx(tx, dealId, claim.transition, claim.actor, { escrowClaimId: claim.id });
      if (claim.audit) await audit(claim.audit, tx);
      await announcements.announceTransition(tx, result.after, claim.transition);
      return result;
    });
    await afterCommit(applied);
    return applied.after;
  }

  /** After the commit: the completion hook (impact and price index jobs); failures are logged. */
  async function afterCommit(applied: AppliedTransition): Promise<void> {
    if (applied.completed && ctx.onDealCompleted)
      await ctx
        .onDealCompleted(applied.after.id)
        .catch((err) => logError('deal completion hook failed', err));
  }

  return {
    assertTransitionAllowed,
    applyInTx,
    fireInTx,
    applyDealTransition,
    recordClaimed,
    afterCommit,
  };
}

export type DealTransitions = ReturnType<typeof createDealTransitions>;
