import { randomUUID } from 'node:crypto';
import { canApplyDealTransition } from '@app/shared/deals/deal-machine';
import {
  DEAL_MESSAGES,
  type FundEscrowResult,
  fundingBreakdown,
  paymentMethodsForTotal,
  percentToBps,
} from '@app/shared/deals/deals.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS, move, paymentBooks } from '../escrow/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import { type DealContext, machineStateOfRow } from './deal-context.ts';
import { FUNDING_HANDLERS, type FundingTools, fundingHandlerFor } from './deal-funding-methods.ts';
import type { DealPostings } from './deal-postings.ts';
import type { DealTransitions } from './deal-transitions.ts';
import type { DealViews } from './deal-views.ts';
import {
  cancelPendingEscrowPayments,
  findDeal,
  findDealForUpdate,
  findEscrowPaymentBy,
  findEscrowPaymentsOfPayment,
  findListingBrief,
  insertEscrowPayment,
  updateDeal,
  updateEscrowPayment,
} from './deals.repository.ts';

/**
 * Escrow funding: the buyer's choice of method goes to that method's handler (FUNDING_HANDLERS), and
 * the money's arrival, from whichever route, goes through the transition engine. Registers the
 * deals' hooks on the payments module (card and Klarna charges), the wire service and the escrow
 * provider.
 */
export function createDealFunding(
  ctx: DealContext,
  parts: {
    transitions: DealTransitions;
    postings: DealPostings;
    announcements: DealAnnouncements;
    views: Pick<DealViews, 'requireParty'>;
  },
) {
  const { db, clock, ledger, payments, wireTransfers, escrowProvider, logError } = ctx;
  const { transitions, postings, announcements, views } = parts;
  const tools: FundingTools = { ctx, startFunding, partiesOf: (deal) => announcements.partiesOf(deal) };
  const checkout = FUNDING_HANDLERS.card;

  // Card and Klarna: the payment-succeeded hook books the charge into the deal's escrow, the
  // payment-refunded hook books a refund back out of it; then the deal records what happened.
  payments.registerPurposeHandler('escrow_funding', {
    books: paymentBooks(ledger, 'escrow_hold', {
      received: (payment, cents) =>
        move(checkout.accounts.arrivesFrom, DEAL_ACCOUNTS.escrowHeld(payment.targetId), cents),
      refunded: (payment, cents) =>
        move(
          DEAL_ACCOUNTS.escrowHeld(payment.targetId),
          checkout.accounts.refundsTo({ buyerUserId: payment.userId }),
          cents,
        ),
    }),
    onSucceeded: (payment, tx) => onCheckoutPaid(payment, tx),
    onRefunded: (payment, refundedCents, tx) => postings.bookStrayChargeRefund(payment, refundedCents, tx),
  });
  // Plain wire: the wire service books the money where our answer says: the deal's escrow, or back
  // to the buyer when the deal was funded another way or is over.
  wireTransfers.onDealEscrowVerified(async (wire, tx) => {
    // Not a deal of ours: the money stays where the wire service books it.
    if (!wire.relatedId || !(await findDeal(tx, wire.relatedId))) return 'funded';
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    const applied = await transitions.fireInTx(
      tx,
      wire.relatedId,
      'escrow-funded',
      { role: 'admin', userId: null },
      { escrowPaymentId: ep?.id, source: 'wire' },
    );
    if (applied) return 'funded';
    if (ep) {
      const now = clock.now();
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
    }
    return 'return-to-buyer';
  });
  wireTransfers.onDealEscrowFailed(async (wire, tx) => {
    if (!wire.relatedId) return;
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    // Only the deal's current attempt returns it to unfunded; a superseded wire just fails.
    if (ep?.status === 'pending')
      await transitions.fireInTx(
        tx,
        wire.relatedId,
        'funding-failed',
        { role: 'admin', userId: null },
        { escrowPaymentId: ep.id, source: 'wire' },
      );
    if (ep && (ep.status === 'pending' || ep.status === 'cancelled'))
      await updateEscrowPayment(tx, ep.id, { status: 'failed', updatedAt: clock.now() });
  });
  ctx.escrowEvents?.onTransactionChanged((transactionId) => syncProviderTransaction(transactionId));

  /** POST /api/deals/:id/fund: the buyer pays into escrow by the chosen route. */
  async function fundEscrow(
    user: SessionUser,
    dealId: string,
    body: { method: string; includeCommission?: boolean },
  ): Promise<FundEscrowResult> {
    const { row, role } = await views.requireParty(user, dealId);
    if (!canApplyDealTransition(machineStateOfRow(row), 'fund-escrow', role))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
    const method = await ctx.getPaymentMethod(body.method);
    const includeCommission = body.includeCommission ?? true;
    const breakdown = fundingBreakdown({
      dealValueCents: row.dealValueCents,
      commissionCents: row.commissionCents,
      includeCommission,
      methodFeeBps: method ? percentToBps(method.processingFeePercentage) : 0,
    });
    if (!method || paymentMethodsForTotal([method], breakdown.totalCents).length === 0)
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
    const handler = fundingHandlerFor(method.type);
    if (!handler) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
    const listing = await findListingBrief(db, row.listingId);
    return handler.start(tools, {
      user,
      deal: row,
      method: method.type,
      includeCommission,
      breakdown,
      title: listing?.title ?? 'Deal',
      attempt: {
        dealId,
        method: method.type,
        amountCents: breakdown.totalCents,
        dealValueCents: breakdown.dealValueCents,
        commissionCents: breakdown.commissionCents,
        feeCents: breakdown.feeCents,
      },
    });
  }

  /** 'fund-escrow' with the attempt recorded; an earlier open attempt is superseded. */
  async function startFunding(
    user: SessionUser,
    dealId: string,
    attempt: Omit<Parameters<typeof insertEscrowPayment>[1], 'id'>,
    /** Emails of this route, queued in the same transaction. */
    announceFunding?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const applied = await inTransaction(db, async (tx) => {
      const result = await transitions.applyInTx(
        tx,
        dealId,
        'fund-escrow',
        { role: 'buyer', userId: user.id },
        {},
      );
      const now = clock.now();
      await cancelPendingEscrowPayments(tx, dealId, now);
      await insertEscrowPayment(tx, { id: randomUUID(), ...attempt, createdAt: now, updatedAt: now });
      if (attempt.providerTransactionId)
        await updateDeal(tx, dealId, { escrowTransactionId: attempt.providerTransactionId });
      await announcements.announceTransition(tx, result.after, 'fund-escrow');
      await announceFunding?.(tx);
      return result;
    });
    await transitions.afterCommit(applied);
  }

  /** The escrow_funding purpose handler: runs once, inside the payment's booking transaction. */
  async function onCheckoutPaid(payment: PaymentRow, tx: Db): Promise<void> {
    const dealId = payment.targetId;
    // One payment serves every card or Klarna attempt of a deal; the attempt it paid is the one for
    // the amount it booked (a method switch changes the amount), the live one first.
    const attempts = (await findEscrowPaymentsOfPayment(tx, payment.id)).filter(
      (a) => a.amountCents === payment.amountCents,
    );
    const ep = attempts.find((a) => a.status === 'pending') ?? attempts[0];
    // A superseded attempt still funds the deal if nothing else did meanwhile.
    const applied =
      ep && (ep.status === 'pending' || ep.status === 'cancelled')
        ? await transitions.fireInTx(
            tx,
            dealId,
            'escrow-funded',
            { role: 'system', userId: null },
            { escrowPaymentId: ep.id, source: 'checkout' },
          )
        : null;
    if (applied) return;
    // The escrow was funded another way meanwhile: this charge goes back in full (the escrow job
    // issues the provider refund after this commit).
    const now = clock.now();
    if (ep) {
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: null, updatedAt: now });
      await postings.setStrayChargeAside(payment, tx);
      return;
    }
    // Not a deal of ours: the payment stays booked where the payment-succeeded hook put it.
    if (!(await findDeal(tx, dealId))) return;
    await postings.setStrayChargeAside(payment, tx);
    await insertEscrowPayment(tx, {
      id: randomUUID(),
      dealId,
      method: payment.metadata.method ?? 'card',
      status: 'refunded',
      amountCents: payment.amountCents,
      dealValueCents: 0,
      paymentId: payment.id,
      reference: payment.id,
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * The escrow provider says a transaction changed (its page, webhook or the sync job): re-read it
   * from the provider and record what it says. Never trusts the caller about the state.
   */
  async function syncProviderTransaction(transactionId: string): Promise<void> {
    const found = await findEscrowPaymentBy(db, { providerTransactionId: transactionId });
    if (!found || !['pending', 'cancelled'].includes(found.status)) return;
    const transaction = await escrowProvider.getTransaction(transactionId);
    if (!transaction) return;
    const funded = transaction.status === 'funded';
    if (!funded && transaction.status !== 'cancelled' && transaction.status !== 'refunded') return;
    let stray = false;
    await inTransaction(db, async (tx) => {
      // The deal's lock orders concurrent notifications (webhook retry, sync job): the second one
      // sees the attempt already recorded and does nothing.
      await findDealForUpdate(tx, found.dealId);
      const ep = await findEscrowPaymentBy(tx, { providerTransactionId: transactionId });
      if (!ep) return;
      const payload = { escrowPaymentId: ep.id, source: 'escrow_provider' as const };
      const now = clock.now();
      if (funded) {
        if (ep.status !== 'pending' && ep.status !== 'cancelled') return;
        const applied = await transitions.fireInTx(
          tx,
          ep.dealId,
          'escrow-funded',
          { role: 'system', userId: null },
          payload,
        );
        if (applied) return;
        // The deal was funded another way or is over: the money goes straight back to the buyer.
        stray = true;
        await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
        return;
      }
      if (ep.status !== 'pending') return;
      await transitions.fireInTx(tx, ep.dealId, 'funding-failed', { role: 'system', userId: null }, payload);
      await updateEscrowPayment(tx, ep.id, { status: 'cancelled', updatedAt: now });
    });
    if (stray)
      await escrowProvider.refundFunds(transactionId).catch((err) => logError('escrow refund failed', err));
    await ctx.whenIdle();
  }

  return { fundEscrow, syncProviderTransaction };
}

export type DealFunding = ReturnType<typeof createDealFunding>;
