import { claimSettlementPayouts } from '@app/shared/deals/claim-machine';
import { DEAL_MESSAGES, payoutAfterCommission } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, ESCROW_ACCOUNT_PREFIX, move } from './deal-accounts.ts';
import { fundingHandlerFor, fundingRouteOf } from './deal-funding-methods.ts';
import {
  type DealMoneyChanges,
  type DealMoneyContext,
  type DealMoneyFacts,
  type DealMoneyPayload,
  type MoneyTransition,
  RELEASES,
} from './deal-money.ts';
import {
  cancelPendingEscrowPayments,
  type EscrowPaymentRow,
  findEscrowPaymentBy,
  findEscrowPaymentOfDeal,
  findEscrowPaymentsOfDeals,
  updateEscrowPayment,
} from './escrow-payments.repository.ts';
import { findWireTransferById, findWireTransfersByIds } from './wire-transfers.repository.ts';

/** A deal whose escrow should be checked against the ledger (the deals module lists them). */
export type EscrowCandidate<Status extends string = string, EscrowStatus extends string = string> = {
  dealId: string;
  listingTitle: string | null;
  status: Status;
  escrowStatus: EscrowStatus;
  heldCents: number;
};

/** A deal whose escrow account disagrees with the deal (GET /api/admin/ledger). */
export type EscrowMismatch<C extends EscrowCandidate = EscrowCandidate> = C & { expectedCents: number };

/**
 * What each deal's escrow account holds, for a page of deals in one grouped read of the ledger: deal
 * id → the positive amount held (escrow is a liability, so the ledger balance is its negation). Deals
 * whose escrow holds nothing are absent.
 */
export async function escrowHeldOfDeals(
  ledger: Pick<LedgerService, 'getBalances'>,
  dealIds: string[],
  tx?: Db,
): Promise<Map<string, number>> {
  if (dealIds.length === 0) return new Map();
  const balances = await ledger.getBalances(dealIds.map(DEAL_ACCOUNTS.escrowHeld), tx);
  const held = new Map<string, number>();
  for (const id of dealIds) {
    const balance = balances[DEAL_ACCOUNTS.escrowHeld(id)] ?? 0;
    if (balance !== 0) held.set(id, 0 - balance);
  }
  return held;
}

/**
 * What a held escrow must contain, from its funding attempt alone: a release pays the funding less
 * the method fee and the commission taken out of it (a plain wire: less its processing fee, fixed on
 * the wire); a refund returns the whole funding (a plain wire: less that fee, which stays earned).
 */
function targetsOf(
  ep: EscrowPaymentRow,
  wireFeeCents: number,
): { releaseCents: number; refundCents: number } {
  if (ep.method === 'wire' && ep.wireTransferId) {
    const feeCents = Math.min(wireFeeCents, ep.amountCents);
    return {
      releaseCents: ep.amountCents - feeCents - ep.commissionCents,
      refundCents: ep.amountCents - feeCents,
    };
  }
  return { releaseCents: ep.amountCents - ep.feeCents - ep.commissionCents, refundCents: ep.amountCents };
}

/**
 * The deal's ledger postings: what each money transition books (hold, fee, commission, release,
 * refund), the stray charges set aside for the buyer, and the check of every escrow against its deal.
 */
export function createDealPostings(ctx: DealMoneyContext) {
  const { db, clock, ledger, logError } = ctx;

  /** The ledger side of money transitions, in the transition's transaction. */
  async function bookTransitionMoney(
    tx: Db,
    before: DealMoneyFacts,
    after: DealMoneyFacts,
    transition: MoneyTransition,
    payload: DealMoneyPayload,
  ): Promise<DealMoneyChanges | null> {
    if (transition === 'escrow-funded') return bookFunded(tx, after, payload);
    const dealId = after.id;
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const payment = await currentEscrowPayment(tx, dealId, payload.escrowPaymentId);
    const held = -((await ledger.getBalances([escrow], tx))[escrow] ?? 0);
    // Release and refund move what the deal's funding says, never the account's balance: money that
    // reached the account by mistake must not be paid out, and a shortfall must not pass unnoticed.
    const targets = payment ? await escrowTargets(tx, payment) : null;
    if (transition === 'settle-claim') {
      if (!payment || !targets || held !== targets.releaseCents)
        throw escrowMismatch(dealId, held, targets?.releaseCents ?? null, transition);
      return bookClaimSettlement(tx, before, after, payment, held, payload);
    }
    if (RELEASES.includes(transition)) {
      if (!targets || held !== targets.releaseCents)
        throw escrowMismatch(dealId, held, targets?.releaseCents ?? null, transition);
      return bookRelease(tx, after, payment, targets.releaseCents);
    }
    return bookRefund(tx, before, after, payment, held, targets, transition);
  }

  /** escrow-funded: the arrival (when the route books it here), the method fee and the included commission. */
  async function bookFunded(
    tx: Db,
    after: DealMoneyFacts,
    payload: DealMoneyPayload,
  ): Promise<DealMoneyChanges | null> {
    const dealId = after.id;
    const now = clock.now();
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const reference = { type: 'deal', id: dealId };
    const payment = await currentEscrowPayment(tx, dealId, payload.escrowPaymentId);
    if (!payment) return null;
    const route = fundingRouteOf(payload.source);
    if (route?.books.arrival === 'transition') {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'escrow_hold',
          description: `Escrow funded through the escrow provider for deal ${dealId}`,
          reference,
          idempotencyKey: dealLedgerKeys.providerFunded(payment.id),
          lines: move(route.accounts.arrivesFrom, escrow, payment.amountCents),
        },
        tx,
      );
    }
    // Wire transfers book their processing fee and the commission after the verification commits.
    const booksFeeAndCommission = route?.books.feeAndCommission !== 'wire-service';
    if (booksFeeAndCommission && payment.feeCents > 0) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'processing_fee',
          description: `Processing fee of the escrow funding of deal ${dealId}`,
          reference,
          idempotencyKey: dealLedgerKeys.fundingFee(payment.id),
          lines: move(escrow, DEAL_ACCOUNTS.revenueProcessingFees, payment.feeCents),
        },
        tx,
      );
    }
    const included = payment.commissionCents > 0;
    if (included && booksFeeAndCommission) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'commission',
          description: `Commission of deal ${dealId}, paid with the escrow funding`,
          reference,
          idempotencyKey: dealLedgerKeys.commission(dealId),
          lines: move(escrow, DEAL_ACCOUNTS.revenueCommission, payment.commissionCents),
        },
        tx,
      );
    }
    await cancelPendingEscrowPayments(tx, dealId, now);
    await updateEscrowPayment(tx, payment.id, { status: 'held', heldAt: now, updatedAt: now });
    return {
      // Money an external escrow service holds moves only as a whole: claims cannot split it.
      escrowSplittable: payment.method !== 'escrow_wire',
      commissionIncludedInFunding: included,
      commissionSettledAt: included && booksFeeAndCommission ? now : after.commissionSettledAt,
    };
  }

  /** A release: the payout to the seller, less a commission nobody paid yet. */
  async function bookRelease(
    tx: Db,
    after: DealMoneyFacts,
    payment: EscrowPaymentRow | undefined,
    releaseCents: number,
  ): Promise<DealMoneyChanges | null> {
    const dealId = after.id;
    const now = clock.now();
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const reference = { type: 'deal', id: dealId };
    let changes: DealMoneyChanges | null = null;
    // A commission nobody paid yet is taken from the seller's payout: every released deal pays it.
    // The release dialog's rule (releasePayout), on the amount the funding holds.
    const { deductedCents: deductCents, sellerReceivesCents: payoutCents } = payoutAfterCommission(
      releaseCents,
      await commissionOwedAtRelease(tx, after),
    );
    if (payoutCents > 0) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'escrow_release',
          description: `Escrow of deal ${dealId} released to the seller`,
          reference,
          idempotencyKey: dealLedgerKeys.release(dealId),
          lines: move(escrow, DEAL_ACCOUNTS.payableSeller(after.sellerUserId), payoutCents),
        },
        tx,
      );
    }
    if (deductCents > 0) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'commission',
          description: `Commission of deal ${dealId}, deducted from the seller's payout at release`,
          reference,
          idempotencyKey: dealLedgerKeys.commission(dealId),
          lines: move(escrow, DEAL_ACCOUNTS.revenueCommission, deductCents),
        },
        tx,
      );
      changes = {
        commissionDeductedCents: deductCents,
        commissionSettledAt: now,
        commissionPayerProposal: null,
        commissionProposedBy: null,
      };
    }
    if (payment)
      await updateEscrowPayment(tx, payment.id, { status: 'released', settledAt: now, updatedAt: now });
    return changes;
  }

  /**
   * settle-claim: one balanced transaction splits the held escrow as the claim says. The seller's part
   * goes to what they are owed, less the commission on it not yet paid; commission the buyer paid with
   * the funding above what the smaller payout owes goes back with the buyer's part. A plain wire's part
   * is owed to the buyer at once; a card or Klarna part stays in escrow until the payment provider
   * refunds it after the commit (its payment-refunded hook books it out). The processing fee stays
   * earned: the money was moved.
   */
  async function bookClaimSettlement(
    tx: Db,
    before: DealMoneyFacts,
    after: DealMoneyFacts,
    payment: EscrowPaymentRow,
    held: number,
    payload: DealMoneyPayload,
  ): Promise<DealMoneyChanges> {
    const dealId = after.id;
    const now = clock.now();
    const settlement = payload.claimSettlement;
    if (!settlement || settlement.buyerRefundCents + settlement.sellerPayoutCents !== held)
      throw escrowMismatch(
        dealId,
        held,
        settlement ? settlement.buyerRefundCents + settlement.sellerPayoutCents : null,
        'settle-claim',
      );
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const keys = await ledger.findPostedKeys(
      [dealLedgerKeys.commission(dealId), dealLedgerKeys.commissionReversal(dealId)],
      tx,
    );
    const commissionPaidCents =
      keys.has(dealLedgerKeys.commission(dealId)) && !keys.has(dealLedgerKeys.commissionReversal(dealId))
        ? payment.commissionCents || before.commissionCents
        : 0;
    const payouts = claimSettlementPayouts({
      split: settlement,
      commissionRateBps: before.commissionRateBps,
      commissionPaidCents,
    });
    const handler = fundingHandlerFor(payment.method);
    // Where the buyer's part goes now: a plain wire's to what the buyer is owed; a card's stays in
    // escrow for the provider's refund.
    const buyerTo = handler?.books.refund === 'transition' ? handler.accounts.refundsTo(after) : escrow;
    const lines = [
      ...move(escrow, DEAL_ACCOUNTS.payableSeller(after.sellerUserId), payouts.sellerReceivesCents),
      ...move(escrow, DEAL_ACCOUNTS.revenueCommission, payouts.commissionDeductedCents),
      ...move(DEAL_ACCOUNTS.revenueCommission, buyerTo, payouts.commissionReturnedCents),
      ...(buyerTo === escrow ? [] : move(escrow, buyerTo, settlement.buyerRefundCents)),
    ].filter((line) => line.amountCents !== 0);
    if (lines.length > 0)
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'claim_settlement',
          description: `Claim ${settlement.claimId} on deal ${dealId} settled: ${settlement.buyerRefundCents} cents to the buyer, ${settlement.sellerPayoutCents} to the seller`,
          reference: { type: 'deal', id: dealId },
          idempotencyKey: dealLedgerKeys.claimSettlement(settlement.claimId),
          lines,
        },
        tx,
      );
    const refundAtProvider =
      buyerTo === escrow && settlement.buyerRefundCents + payouts.commissionReturnedCents > 0;
    await updateEscrowPayment(tx, payment.id, {
      status: settlement.sellerPayoutCents > 0 ? 'released' : 'refunded',
      settledAt: refundAtProvider ? null : now,
      refundDueCents: refundAtProvider ? settlement.buyerRefundCents + payouts.commissionReturnedCents : null,
      updatedAt: now,
    });
    return {
      commissionDeductedCents: payouts.commissionDeductedCents,
      commissionSettledAt: now,
      commissionPayerProposal: null,
      commissionProposedBy: null,
    };
  }

  /**
   * refund-escrow: the included commission and the processing fee go back into escrow first, so the
   * buyer gets the whole charge back; the funding route says where the money goes.
   */
  async function bookRefund(
    tx: Db,
    before: DealMoneyFacts,
    after: DealMoneyFacts,
    payment: EscrowPaymentRow | undefined,
    held: number,
    targets: { refundCents: number } | null,
    transition: MoneyTransition,
  ): Promise<DealMoneyChanges> {
    const dealId = after.id;
    const now = clock.now();
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const reference = { type: 'deal', id: dealId };
    const keys = await ledger.findPostedKeys(
      [
        dealLedgerKeys.commission(dealId),
        dealLedgerKeys.commissionReversal(dealId),
        ...(payment ? [dealLedgerKeys.fundingFee(payment.id)] : []),
      ],
      tx,
    );
    let refundable = held;
    if (keys.has(dealLedgerKeys.commission(dealId)) && !keys.has(dealLedgerKeys.commissionReversal(dealId))) {
      const commission = payment?.commissionCents || before.commissionCents;
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'commission_reversal',
          description: `Commission of deal ${dealId} returned with the refund`,
          reference,
          idempotencyKey: dealLedgerKeys.commissionReversal(dealId),
          lines: move(DEAL_ACCOUNTS.revenueCommission, escrow, commission),
        },
        tx,
      );
      refundable += commission;
    }
    if (payment && payment.feeCents > 0 && keys.has(dealLedgerKeys.fundingFee(payment.id))) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'processing_fee_reversal',
          description: `Processing fee of deal ${dealId} returned with the refund`,
          reference,
          idempotencyKey: dealLedgerKeys.fundingFeeReversal(payment.id),
          lines: move(DEAL_ACCOUNTS.revenueProcessingFees, escrow, payment.feeCents),
        },
        tx,
      );
      refundable += payment.feeCents;
    }
    if (!targets || refundable !== targets.refundCents)
      throw escrowMismatch(dealId, refundable, targets?.refundCents ?? null, transition);
    const handler = payment ? fundingHandlerFor(payment.method) : undefined;
    // Card and Klarna money goes back through the payment provider (after the commit), and the
    // payment-refunded hook books escrow:held → cash then.
    if (handler?.books.refund === 'transition' && refundable > 0) {
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'escrow_refund',
          description: `Escrow of deal ${dealId} refunded to the buyer`,
          reference,
          idempotencyKey: dealLedgerKeys.refund(dealId),
          lines: move(escrow, handler.accounts.refundsTo(after), refundable),
        },
        tx,
      );
    }
    if (payment)
      await updateEscrowPayment(tx, payment.id, {
        status: 'refunded',
        settledAt: handler?.books.refund === 'payment-hook' ? null : now,
        updatedAt: now,
      });
    return { commissionSettledAt: null, commissionIncludedInFunding: false };
  }

  /** What a held escrow must contain (see targetsOf), reading a plain wire's fee from the wire. */
  async function escrowTargets(
    tx: Db,
    ep: EscrowPaymentRow,
  ): Promise<{ releaseCents: number; refundCents: number }> {
    const wire =
      ep.method === 'wire' && ep.wireTransferId ? await findWireTransferById(tx, ep.wireTransferId) : null;
    return targetsOf(ep, wire?.processingFeeCents ?? 0);
  }

  /** The commission still unpaid when escrow is released (none when it was paid with the funding or since). */
  async function commissionOwedAtRelease(tx: Db, deal: DealMoneyFacts): Promise<number> {
    if (deal.commissionCents === 0 || deal.commissionIncludedInFunding || deal.commissionSettledAt) return 0;
    const keys = await ledger.findPostedKeys([dealLedgerKeys.commission(deal.id)], tx);
    if (keys.has(dealLedgerKeys.commission(deal.id))) return 0;
    return Math.max(0, deal.commissionCents - deal.commissionPaidBuyerCents - deal.commissionPaidSellerCents);
  }

  /** A release or refund refused because the escrow account disagrees with the deal: loud, and nothing moves. */
  function escrowMismatch(
    dealId: string,
    heldCents: number,
    expectedCents: number | null,
    transition: MoneyTransition,
  ): AppError {
    const details = { dealId, transition, heldCents, expectedCents };
    logError('escrow does not match its deal', new Error(JSON.stringify(details)));
    return new AppError('ESCROW_MISMATCH', DEAL_MESSAGES.escrowMismatch, details);
  }

  /**
   * The funding attempt a money transition is about: the one the payload names (a superseded attempt
   * whose money arrived after all) or else the deal's newest.
   */
  async function currentEscrowPayment(
    tx: Db,
    dealId: string,
    escrowPaymentId?: string,
  ): Promise<EscrowPaymentRow | undefined> {
    const named = escrowPaymentId ? await findEscrowPaymentBy(tx, { id: escrowPaymentId }) : undefined;
    return named?.dealId === dealId ? named : findEscrowPaymentOfDeal(tx, dealId, 'held');
  }

  /**
   * Every deal whose escrow account holds something other than what the deal says (the admin
   * reconciliation list and the books check). A held deal must hold its release amount; a card refund
   * still on its way out is in flight; any other deal must hold nothing.
   */
  async function findEscrowMismatches<C extends EscrowCandidate>(
    listCandidates: (balances: Map<string, number>) => Promise<C[]>,
  ): Promise<EscrowMismatch<C>[]> {
    const balances = await ledger.getBalancesByPrefix(ESCROW_ACCOUNT_PREFIX);
    const candidates = await listCandidates(balances);
    // Two queries for the whole list: every attempt of the candidates, then the wires among them.
    const attempts = await findEscrowPaymentsOfDeals(
      db,
      candidates.map((c) => c.dealId),
    );
    const wireIds = attempts.flatMap((a) =>
      a.method === 'wire' && a.wireTransferId ? [a.wireTransferId] : [],
    );
    const wires = new Map((await findWireTransfersByIds(db, wireIds)).map((w) => [w.id, w]));
    const attemptsByDeal = new Map<string, typeof attempts>();
    for (const a of attempts) attemptsByDeal.set(a.dealId, [...(attemptsByDeal.get(a.dealId) ?? []), a]);
    const out: EscrowMismatch<C>[] = [];
    for (const c of candidates) {
      const prefer = c.escrowStatus === 'held' ? 'held' : 'refunded';
      const ofDeal = attemptsByDeal.get(c.dealId) ?? [];
      const ep = ofDeal.find((a) => a.status === prefer) ?? ofDeal[0];
      let expectedCents = 0;
      if (c.escrowStatus === 'held') {
        const feeCents = ep?.wireTransferId ? (wires.get(ep.wireTransferId)?.processingFeeCents ?? 0) : 0;
        if (ep?.status === 'held') expectedCents = targetsOf(ep, feeCents).releaseCents;
      } else if ((ep?.status === 'refunded' || ep?.status === 'released') && ep.paymentId && !ep.settledAt)
        // A card refund (of a refund, or of a claim's part for the buyer) still on its way out.
        continue;
      if (c.heldCents !== expectedCents) out.push({ ...c, expectedCents });
    }
    return out;
  }

  /**
   * A charge the deal no longer needs must not sit in its escrow until the refund (a release would
   * pay it to the seller): it is owed to the buyer from the moment it is booked.
   */
  async function setStrayChargeAside(payment: PaymentRow, tx: Db): Promise<void> {
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'escrow_refund',
        description: `Charge ${payment.id} for deal ${payment.targetId} set aside for the buyer: the escrow was already settled`,
        reference: { type: 'deal', id: payment.targetId },
        idempotencyKey: dealLedgerKeys.strayChargeSetAside(payment.id),
        lines: move(
          DEAL_ACCOUNTS.escrowHeld(payment.targetId),
          DEAL_ACCOUNTS.payableBuyer(payment.userId),
          payment.amountCents,
        ),
      },
      tx,
    );
  }

  /**
   * The payment-refunded hook books a card refund out of the deal's escrow. For a charge set aside for
   * the buyer, the same transaction takes it from what the buyer is owed instead, so the escrow is untouched.
   */
  async function bookStrayChargeRefund(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void> {
    const keys = await ledger.findPostedKeys([dealLedgerKeys.strayChargeSetAside(payment.id)], tx);
    if (!keys.has(dealLedgerKeys.strayChargeSetAside(payment.id))) return;
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'escrow_refund',
        description: `Refund of charge ${payment.id} paid from what the buyer was owed`,
        reference: { type: 'deal', id: payment.targetId },
        idempotencyKey: `${dealLedgerKeys.strayChargeSetAside(payment.id)}:refunded:${payment.refundedCents}`,
        lines: move(
          DEAL_ACCOUNTS.payableBuyer(payment.userId),
          DEAL_ACCOUNTS.escrowHeld(payment.targetId),
          refundedCents,
        ),
      },
      tx,
    );
  }

  return {
    bookTransitionMoney,
    findEscrowMismatches,
    setStrayChargeAside,
    bookStrayChargeRefund,
  };
}

export type DealPostings = ReturnType<typeof createDealPostings>;
