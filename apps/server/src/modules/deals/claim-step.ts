import { randomUUID } from 'node:crypto';
import {
  type ClaimActor,
  type ClaimEvent,
  newClaimState,
  transitionClaim,
} from '@app/shared/deals/claim-machine';
import { CLAIM_MESSAGES, CLAIM_REASON_LABELS } from '@app/shared/deals/deal-claims.schemas';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { formatCents } from '@app/shared/money/money';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dealEmail } from '../escrow/index.ts';
import {
  amountOfStep,
  type ClaimDeps,
  machineStateOf,
  type StepExtras,
  type StepOutcome,
} from './claim-context.ts';
import { claimDealFacts, claimWindowsOf } from './deal-claim-windows.ts';
import {
  type ClaimRow,
  findClaim,
  insertClaim,
  insertClaimStep,
  updateClaimIfStatus,
} from './deal-claims.repository.ts';
import { type DealActorRef, notFound } from './deal-context.ts';
import { type DealRow, findDealForUpdate, updateDeal } from './deals.repository.ts';

/** What a claim step uses. */
export type ClaimStepDeps = Pick<
  ClaimDeps,
  | 'announcements'
  | 'audit'
  | 'clock'
  | 'db'
  | 'dealsUrl'
  | 'escrow'
  | 'logError'
  | 'notifications'
  | 'onClaimSettled'
  | 'privateFiles'
  | 'settings'
  | 'transitions'
>;

/** What the deal's escrow holds now, read in the step's transaction. */
const heldOf = async (escrow: ClaimDeps['escrow'], dealId: string, tx: Db) =>
  (await escrow.heldOfDeals([dealId], tx)).get(dealId) ?? 0;

/**
 * One claim step in one transaction: the deal row locked, the machine's verdict with the server's
 * clock and windows, the claim's conditional write, its timeline row, the evidence attached, and a
 * settlement's money. Refusals are 409 (status, actor, window) or 400 (what the step carries).
 */
export async function step(
  deps: ClaimStepDeps,
  dealId: string,
  claimId: string | null,
  event: ClaimEvent,
  actor: DealActorRef,
  extras: StepExtras = {},
): Promise<StepOutcome> {
  const {
    announcements,
    audit,
    clock,
    db,
    escrow,
    logError,
    onClaimSettled,
    privateFiles,
    settings,
    transitions,
  } = deps;
  // Read before the transaction: a settings read goes to `db`, which inside it would wait for
  // PGlite's one connection (held by the transaction) whenever the settings cache has expired.
  const windows = await claimWindowsOf(settings);
  const outcome = await inTransaction(db, async (tx) => {
    const deal = await findDealForUpdate(tx, dealId);
    if (!deal) throw notFound();
    if (deal.escrowProviderClaim)
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
    const claim = claimId ? await findClaim(tx, claimId) : undefined;
    if (claimId && claim?.dealId !== dealId) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.claimNotFound);
    // One open claim per deal: a second waits for the row lock above and is refused here.
    if (!claim && deal.openClaimId)
      throw new AppError('CLAIM_TRANSITION_NOT_ALLOWED', CLAIM_MESSAGES.claimAlreadyOpen);
    if (!claim && !deal.escrowSplittable)
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', CLAIM_MESSAGES.notSplittable);
    const held = await heldOf(escrow, dealId, tx);
    const state = claim ? machineStateOf(claim, deal, held) : newClaimState(claimDealFacts(deal, held));
    const now = clock.now();
    const result = transitionClaim(state, event, actor.role as ClaimActor, now, windows);
    if (!result.ok) throw new AppError(result.code, result.message);
    const next = result.state;
    const row = claim
      ? await updateClaimIfStatus(tx, claim.id, claim.status, {
          status: next.status as ClaimRow['status'],
          offeredCents: next.offeredCents,
          answeredAt: next.answeredAt ? new Date(next.answeredAt) : null,
          escalatedAt: next.escalatedAt ? new Date(next.escalatedAt) : null,
          closedAt: next.closedAt ? new Date(next.closedAt) : null,
          buyerRefundCents: next.split?.buyerRefundCents ?? null,
          sellerPayoutCents: next.split?.sellerPayoutCents ?? null,
          ...(actor.role === 'seller' && extras.note ? { sellerNote: extras.note } : {}),
          ...(event.type === 'decide'
            ? { decidedByAdminEmail: extras.audit?.actor.email ?? null, decisionNote: extras.note ?? null }
            : {}),
          updatedAt: now,
        })
      : await insertClaim(tx, {
          id: randomUUID(),
          dealId,
          status: 'awaiting_seller',
          reason: next.reason ?? 'other',
          affectedQuantity: next.affectedQuantity ?? 0,
          heldCents: next.heldCents,
          claimedCents: next.claimedCents ?? 0,
          buyerNote: extras.note || null,
          openedByUserId: actor.userId,
          openedAt: now,
          answerDueAt: new Date(next.answerDueAt ?? now),
          createdAt: now,
          updatedAt: now,
        });
    if (!row) throw new AppError('CONFLICT', CLAIM_MESSAGES.changedMeanwhile);
    const evidence = extras.evidence ?? [];
    if (evidence.length > 0) {
      if (!actor.userId) throw new Error('Evidence needs an uploader');
      await privateFiles?.attach(tx, {
        userId: actor.userId,
        purpose: 'claim-evidence',
        ids: evidence,
        attachedTo: row.id,
      });
    }
    await insertClaimStep(tx, {
      id: randomUUID(),
      claimId: row.id,
      transition: event.type,
      actorRole: actor.role,
      actorUserId: actor.userId,
      fromStatus: state.status,
      toStatus: row.status,
      amountCents: amountOfStep(event, next),
      note: extras.note || null,
      evidenceFileIds: [...new Set(evidence)],
      createdAt: now,
    });
    let after = deal;
    let completed = false;
    if (event.type === 'open')
      after = (await updateDeal(tx, dealId, { openClaimId: row.id, updatedAt: now })) ?? deal;
    if (row.status === 'withdrawn')
      after = (await updateDeal(tx, dealId, { openClaimId: null, updatedAt: now })) ?? deal;
    if (row.status === 'settled' && next.split) {
      const applied = await transitions.applyInTx(
        tx,
        dealId,
        'settle-claim',
        { role: 'system', userId: null },
        { claimSettlement: { claimId: row.id, ...next.split } },
      );
      after = applied.after;
      completed = applied.completed === true;
    }
    if (extras.audit) await audit(extras.audit, tx);
    // Every claim step is news for both deal cards (a settlement's money moved with it).
    await announcements.publishUpdated(tx, after);
    await announceClaimStep(deps, tx, after, row, event.type);
    return { claim: row, deal: after, settled: row.status === 'settled', completed };
  });
  if (outcome.settled) {
    // The buyer's card or Klarna part goes back now; the escrow job retries a failed call.
    await escrow
      .refundCardFunding(dealId)
      .catch((err) => logError('claim refund at the provider failed', err));
    await transitions.afterCommit({
      before: outcome.deal,
      after: outcome.deal,
      completed: outcome.completed,
    });
    onClaimSettled?.(dealId);
  }
  return outcome;
}

/** The parties' emails of a claim step, written in its transaction (the outbox). */
async function announceClaimStep(
  deps: Pick<ClaimDeps, 'announcements' | 'dealsUrl' | 'notifications'>,
  tx: Db,
  deal: DealRow,
  claim: ClaimRow,
  transition: ClaimEvent['type'],
) {
  const { announcements, dealsUrl, notifications } = deps;
  const { listing, buyer, seller } = await announcements.partiesOf(deal, tx);
  const title = listing?.title ?? 'your deal';
  const reason = CLAIM_REASON_LABELS[claim.reason];
  const settledLine =
    claim.buyerRefundCents !== null && claim.sellerPayoutCents !== null
      ? `Settled: ${formatCents(claim.buyerRefundCents)} back to the buyer, ${formatCents(claim.sellerPayoutCents)} to the seller.`
      : '';
  const copy: Record<
    ClaimEvent['type'],
    { to: Array<'buyer' | 'seller'>; subject: string; lines: string[] }
  > = {
    open: {
      to: ['seller', 'buyer'],
      subject: `Claim opened: ${title}`,
      lines: [
        `The buyer opened a claim (${reason}) for ${formatCents(claim.claimedCents)} on the deal for ${title}.`,
        `The seller can accept it, offer a partial amount or reject it with evidence until ${claim.answerDueAt.toUTCString()}; after that an administrator decides.`,
      ],
    },
    'accept-claim': { to: ['buyer', 'seller'], subject: `Claim accepted: ${title}`, lines: [settledLine] },
    'offer-partial': {
      to: ['buyer'],
      subject: `Partial offer on your claim: ${title}`,
      lines: [
        `The seller offers ${formatCents(claim.offeredCents ?? 0)} of the ${formatCents(claim.claimedCents)} you claimed.`,
        'Accept the offer, or escalate the claim to an administrator.',
      ],
    },
    'reject-claim': {
      to: ['buyer'],
      subject: `Claim rejected: ${title}`,
      lines: [
        'The seller rejected your claim with evidence. You can escalate it to an administrator or withdraw it.',
      ],
    },
    'accept-offer': { to: ['buyer', 'seller'], subject: `Claim settled: ${title}`, lines: [settledLine] },
    escalate: {
      to: ['buyer', 'seller'],
      subject: `Claim escalated: ${title}`,
      lines: ['An administrator will review the evidence and decide how the escrow is split.'],
    },
    decide: {
      to: ['buyer', 'seller'],
      subject: `Claim decided: ${title}`,
      lines: [settledLine, claim.decisionNote ? `Reason: ${claim.decisionNote}` : ''],
    },
    withdraw: {
      to: ['seller', 'buyer'],
      subject: `Claim withdrawn: ${title}`,
      lines: ['The buyer withdrew the claim; the escrow follows the deal again.'],
    },
  };
  const message = copy[transition];
  for (const party of message.to) {
    const to = party === 'buyer' ? buyer : seller;
    if (!to) continue;
    await notifications.queueEmail(
      {
        to: to.email,
        kind: `deal-claim-${transition}`,
        meta: { dealId: deal.id, claimId: claim.id },
        render: (brand) =>
          dealEmail(brand, {
            subject: message.subject,
            heading: message.subject.split(':')[0] ?? message.subject,
            lines: message.lines.filter(Boolean),
            url: dealsUrl,
          }),
      },
      { tx },
    );
  }
}
