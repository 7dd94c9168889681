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
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
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
  type DealRow,
  findDealForUpdate,
  findListingBrief,
  insertDealEvent,
  type NewDealRow,
  updateDeal,
  updateDealIfState,
} from './deals.repository.ts';

/** `completed`: this transition completed the deal (released, or completed without escrow). */
export type AppliedTransition = { before: DealRow; after: DealRow; completed?: boolean };

/** What the transition use cases are built from: the deal context and the parts they use. */
export type TransitionDeps = DealContext & { announcements: DealAnnouncements; quantities: DealQuantities };

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

/** What applying a transition inside a transaction uses. */
export type ApplyDeps = Pick<
  TransitionDeps,
  'clock' | 'escrow' | 'impact' | 'listingQuantity' | 'quantities'
>;

/** The machine's verdict on a transition from a deal's state, as the spec words a refusal. */
export function assertTransitionAllowed(
  deps: Pick<TransitionDeps, 'clock'>,
  row: DealRow,
  transition: DealTransition,
  actor: DealActorRef,
): void {
  const { clock } = deps;
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
export async function applyInTx(
  deps: ApplyDeps,
  tx: Db,
  dealId: string,
  transition: DealTransition,
  actor: DealActorRef,
  payload: DealTransitionPayload,
): Promise<AppliedTransition> {
  const { clock, escrow, listingQuantity, quantities } = deps;
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
    return { before, after: await recordImpact(deps, tx, booked, now), completed: true };
  return { before, after: booked };
}

/**
 * The delivered tonnage and its estimated CO2e savings, written with the completing transition so a
 * completed deal never lacks them. The quantity is the deal's snapshot (older deals: the listing's).
 */
async function recordImpact(
  deps: Pick<TransitionDeps, 'impact'>,
  tx: Db,
  deal: DealRow,
  now: Date,
): Promise<DealRow> {
  const listing = await findListingBrief(tx, deal.listingId);
  const quantity = deal.quantity ?? listing?.quantity ?? null;
  const unit = deal.unit ?? listing?.unit ?? null;
  const impact =
    deps.impact && quantity !== null && unit !== null
      ? await deps.impact.assessDelivery(tx, { grade: listing?.grade ?? null, quantity, unit })
      : { deliveredTonnes: null, warmMaterial: null, co2eAvoidedKg: null };
  const updated = await updateDeal(tx, deal.id, { ...impact, impactRecordedAt: now });
  return updated ?? deal;
}

/** After the commit: the completion hook (impact and price index jobs); failures are logged. */
export async function afterCommit(
  deps: Pick<TransitionDeps, 'logError' | 'onDealCompleted'>,
  applied: AppliedTransition,
): Promise<void> {
  const { logError, onDealCompleted } = deps;
  if (applied.completed && onDealCompleted)
    await onDealCompleted(applied.after.id).catch((err) => logError('deal completion hook failed', err));
}
