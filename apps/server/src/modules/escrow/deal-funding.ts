import { randomUUID } from 'node:crypto';
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
import type { PaymentRow } from '../payments/index.ts';
import { DEAL_ACCOUNTS, move, paymentBooks } from './deal-accounts.ts';
import {
  FUNDING_HANDLERS,
  type FundingParties,
  type FundingTools,
  fundingHandlerFor,
} from './deal-funding-methods.ts';
import { announceFundingOutcome, type DealMoneyContext, type DealMoneyFacts } from './deal-money.ts';
import type { DealPostings } from './deal-postings.ts';
import {
  cancelPendingEscrowPayments,
  findEscrowPaymentBy,
  findEscrowPaymentsOfPayment,
  insertEscrowPayment,
  type NewEscrowPaymentRow,
  updateEscrowPayment,
} from './escrow-payments.repository.ts';

/**
 * The deals module's side of opening a funding: one transaction that fires 'fund-escrow', records
 * the attempt (`recordAttempt`), stores the provider's transaction id on the deal, and queues the
 * route's emails (`announceFunding`).
 */
export type FundingOpener = (step: {
  escrowTransactionId: string | null;
  recordAttempt(tx: Db): Promise<void>;
  announceFunding(tx: Db): Promise<void>;
}) => Promise<void>;

/** One funding request: the deal's facts and the deals module's part of opening it. */
export type FundDealInput = {
  user: SessionUser;
  deal: DealMoneyFacts;
  body: { method: string; includeCommission?: boolean };
  /** The listing's title, the funding's description everywhere. */
  title: string;
  partiesOf(): Promise<FundingParties>;
  open: FundingOpener;
};

/**
 * Escrow funding: the buyer's choice of method goes to that method's handler (FUNDING_HANDLERS), and
 * the money's arrival, from whichever route, is announced to the deals module
 * (`escrow.funding-outcome`), which records it through its transition engine; the postings follow
 * from there. Registers the hooks on the payments module (card and Klarna charges), the wire service
 * and the escrow provider.
 */
export function createDealFunding(ctx: DealMoneyContext, parts: { postings: DealPostings }) {
  const { db, clock, ledger, wireTransfers, escrowProvider, events, logError } = ctx;
  const { postings } = parts;
  const checkout = FUNDING_HANDLERS.card;

  // Card and Klarna: a paid escrow-funding checkout is booked into the deal's escrow, a refund back
  // out of it, in the payments module's booking transaction; then the deal records what happened.
  const checkoutBooks = paymentBooks(ledger, 'escrow_hold', {
    received: (payment, cents) =>
      move(checkout.accounts.arrivesFrom, DEAL_ACCOUNTS.escrowHeld(payment.targetId), cents),
    refunded: (payment, cents) =>
      move(
        DEAL_ACCOUNTS.escrowHeld(payment.targetId),
        checkout.accounts.refundsTo({ buyerUserId: payment.userId }),
        cents,
      ),
  });
  events.on('payment.checkout-paid', async ({ tx, payment, booking, firstTime, booked }) => {
    if (payment.purpose !== 'escrow_funding') return;
    await checkoutBooks.paymentReceived(booking, tx);
    booked();
    if (firstTime) await onCheckoutPaid(payment, tx);
  });
  events.on('payment.checkout-refunded', async ({ tx, payment, booking, booked }) => {
    if (payment.purpose !== 'escrow_funding') return;
    await checkoutBooks.paymentRefunded(booking, tx);
    booked();
    await postings.bookStrayChargeRefund(payment, booking.amountCents, tx);
  });
  // Plain wire: the wire service books the money where our answer says: the deal's escrow, or back
  // to the buyer when the deal was funded another way or is over.
  wireTransfers.onDealEscrowVerified(async (wire, tx) => {
    if (!wire.relatedId) return 'funded';
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    const answer = await announceFundingOutcome(events, {
      tx,
      dealId: wire.relatedId,
      outcome: 'funded',
      source: 'wire',
      actor: 'admin',
      escrowPaymentId: ep?.id,
      record: true,
    });
    // Not a deal of ours: the money stays where the wire service books it.
    if (answer === 'recorded' || answer === 'no-deal') return 'funded';
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
      await announceFundingOutcome(events, {
        tx,
        dealId: wire.relatedId,
        outcome: 'failed',
        source: 'wire',
        actor: 'admin',
        escrowPaymentId: ep.id,
        record: true,
      });
    if (ep && (ep.status === 'pending' || ep.status === 'cancelled'))
      await updateEscrowPayment(tx, ep.id, { status: 'failed', updatedAt: clock.now() });
  });

  /** POST /api/deals/:id/fund (after the deals module's checks): the buyer pays by the chosen route. */
  async function fund(input: FundDealInput): Promise<FundEscrowResult> {
    const { user, deal, body } = input;
    const method = await ctx.getPaymentMethod(body.method);
    const includeCommission = body.includeCommission ?? true;
    const breakdown = fundingBreakdown({
      dealValueCents: deal.dealValueCents,
      commissionCents: deal.commissionCents,
      includeCommission,
      methodFeeBps: method ? percentToBps(method.processingFeePercentage) : 0,
    });
    if (!method || paymentMethodsForTotal([method], breakdown.totalCents).length === 0)
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
    const handler = fundingHandlerFor(method.type);
    if (!handler) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
    const tools: FundingTools = {
      ctx,
      startFunding: (attempt, announceFunding) => startFunding(input.open, attempt, announceFunding),
    };
    return handler.start(tools, {
      user,
      deal,
      partiesOf: input.partiesOf,
      method: method.type,
      includeCommission,
      breakdown,
      title: input.title,
      attempt: {
        dealId: deal.id,
        method: method.type,
        amountCents: breakdown.totalCents,
        dealValueCents: breakdown.dealValueCents,
        commissionCents: breakdown.commissionCents,
        feeCents: breakdown.feeCents,
      },
    });
  }

  /** 'fund-escrow' (the deals module's opener) with the attempt recorded; an earlier open attempt is superseded. */
  async function startFunding(
    open: FundingOpener,
    attempt: Omit<NewEscrowPaymentRow, 'id'>,
    /** Emails of this route, queued in the same transaction. */
    announceFunding?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    await open({
      escrowTransactionId: attempt.providerTransactionId ?? null,
      recordAttempt: async (tx) => {
        const now = clock.now();
        await cancelPendingEscrowPayments(tx, attempt.dealId, now);
        await insertEscrowPayment(tx, { id: randomUUID(), ...attempt, createdAt: now, updatedAt: now });
      },
      announceFunding: async (tx) => {
        await announceFunding?.(tx);
      },
    });
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
    const answer = await announceFundingOutcome(events, {
      tx,
      dealId,
      outcome: 'funded',
      source: 'checkout',
      actor: 'system',
      escrowPaymentId: ep?.id,
      record: Boolean(ep && (ep.status === 'pending' || ep.status === 'cancelled')),
    });
    if (answer === 'recorded') return;
    // The escrow was funded another way meanwhile: this charge goes back in full (the escrow job
    // issues the provider refund after this commit).
    const now = clock.now();
    if (ep) {
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: null, updatedAt: now });
      await postings.setStrayChargeAside(payment, tx);
      return;
    }
    // Not a deal of ours: the payment stays booked where the payment-succeeded hook put it.
    if (answer === 'no-deal') return;
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
      // The deals module takes the deal's lock first, which orders concurrent notifications (webhook
      // retry, sync job): the second one sees the attempt already recorded (stillDue) and does nothing.
      const current = () => findEscrowPaymentBy(tx, { providerTransactionId: transactionId });
      const ep = await current();
      if (!ep) return;
      const answer = await announceFundingOutcome(events, {
        tx,
        dealId: ep.dealId,
        outcome: funded ? 'funded' : 'failed',
        source: 'escrow_provider',
        actor: 'system',
        escrowPaymentId: ep.id,
        record: true,
        stillDue: async () => {
          const status = (await current())?.status;
          return status === 'pending' || (funded && status === 'cancelled');
        },
      });
      if (answer === 'not-due' || answer === 'no-deal') return;
      const now = clock.now();
      if (funded) {
        if (answer === 'recorded') return;
        // The deal was funded another way or is over: the money goes straight back to the buyer.
        stray = true;
        await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
        return;
      }
      await updateEscrowPayment(tx, ep.id, { status: 'cancelled', updatedAt: now });
    });
    if (stray)
      await escrowProvider.refundFunds(transactionId).catch((err) => logError('escrow refund failed', err));
  }

  return { fund, syncProviderTransaction };
}

export type DealFunding = ReturnType<typeof createDealFunding>;
