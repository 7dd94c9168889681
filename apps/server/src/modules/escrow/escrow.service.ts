import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { createCommissionPayments } from './commission-payments.ts';
import { createDealFunding } from './deal-funding.ts';
import type { DealMoneyContext } from './deal-money.ts';
import { createDealPostings, escrowHeldOfDeals } from './deal-postings.ts';
import {
  type EscrowPaymentRow,
  findEscrowPaymentOfDeal,
  findEscrowPaymentsOfDeals,
  listPendingProviderPayments,
  listUnsettledRefunds,
  updateEscrowPayment,
} from './escrow-payments.repository.ts';
import { callEscrowProvider } from './escrow-provider.ts';

/** How many fundings a timed job takes per run. */
const JOB_BATCH = 100;

export type EscrowService = ReturnType<typeof createEscrowService>;

/**
 * Every movement of a deal's money, as the deals module asks for it: funding by every route, the
 * postings of money transitions (hold, fee, commission, release, refund, a claim's settlement), the
 * escrow provider's release and refund, card refunds, the commission paid after completion, and the
 * check of every escrow against its deal. The only poster of a deal's ledger transactions.
 */
export function createEscrowService(ctx: DealMoneyContext) {
  const { db, clock, payments, escrowProvider, logError } = ctx;
  const postings = createDealPostings(ctx);
  const funding = createDealFunding(ctx);
  const commission = createCommissionPayments(ctx);

  /** The escrow provider's transaction holding a deal's money, when that is where it is held. */
  async function heldProviderTransactionOf(dealId: string, tx: Db = db): Promise<string | null> {
    const ep = await findEscrowPaymentOfDeal(tx, dealId, 'held');
    return ep?.status === 'held' && ep.method === 'escrow_wire' && ep.providerTransactionId
      ? ep.providerTransactionId
      : null;
  }

  /** The provider transaction of the deal's funding (held first), for finishing a claimed release or refund. */
  async function providerTransactionOf(dealId: string): Promise<string | null> {
    return (await findEscrowPaymentOfDeal(db, dealId, 'held'))?.providerTransactionId ?? null;
  }

  /** The escrow provider's release or refund of a transaction (idempotent at the provider). */
  function callProviderFor(transition: string, transactionId: string) {
    const isRefund = transition === 'refund-escrow';
    return callEscrowProvider(
      escrowProvider,
      isRefund ? DEAL_MESSAGES.refundEscrowFailed : DEAL_MESSAGES.releaseFundsFailed,
      () =>
        isRefund ? escrowProvider.refundFunds(transactionId) : escrowProvider.releaseFunds(transactionId),
    );
  }

  /**
   * Card and Klarna refunds go through the payment provider after the refund (or a claim's settlement)
   * committed.
   */
  async function refundCardFunding(dealId: string): Promise<void> {
    const ep = await findEscrowPaymentOfDeal(db, dealId, 'refunded');
    const unsettled = ep?.status === 'refunded' || ep?.status === 'released';
    if (!ep || !unsettled || ep.settledAt || !ep.paymentId) return;
    await refundEscrowPayment(ep).catch((err) => logError('escrow refund at the provider failed', err));
  }

  /**
   * Refunds a card or Klarna funding at the payment provider and marks the attempt settled: what the
   * charge has left after a refund, the buyer's part (`refundDueCents`) after a claim's settlement.
   */
  async function refundEscrowPayment(ep: EscrowPaymentRow): Promise<void> {
    if (!ep.paymentId) return;
    const paymentId = ep.paymentId;
    try {
      // One refund per funding attempt: a retry (the escrow job after a crash) finds it, never repeats it.
      await payments.refundPayment(paymentId, {
        refundKey: `escrow-payment:${ep.id}`,
        ...(ep.refundDueCents !== null ? { amountCents: ep.refundDueCents } : {}),
        failureMessage: DEAL_MESSAGES.refundEscrowFailed,
      });
    } catch (err) {
      // Already refunded in full: nothing left to return.
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
    crashPoint('deals.card-refund.after-booking');
    await updateEscrowPayment(db, ep.id, { settledAt: clock.now(), updatedAt: clock.now() });
  }

  /**
   * Polls the escrow provider for pending escrow-wire fundings (every 5 minutes) and retries card
   * refunds whose provider call failed earlier.
   */
  async function runEscrowSync(): Promise<{ checked: number; refunded: number }> {
    const pending = await listPendingProviderPayments(db, JOB_BATCH);
    for (const ep of pending) {
      if (!ep.providerTransactionId) continue;
      await funding
        .syncProviderTransaction(ep.providerTransactionId)
        .catch((err) => logError('escrow sync failed', err));
    }
    let refunded = 0;
    for (const ep of await listUnsettledRefunds(db, JOB_BATCH)) {
      try {
        await refundEscrowPayment(ep);
        refunded += 1;
      } catch (err) {
        logError('escrow refund retry failed', err);
      }
    }
    return { checked: pending.length, refunded };
  }

  return {
    fund: funding.fund,
    syncProviderTransaction: funding.syncProviderTransaction,
    bookTransitionMoney: postings.bookTransitionMoney,
    findEscrowMismatches: postings.findEscrowMismatches,
    /** Every funding attempt of the deals, newest first. */
    attemptsOfDeals: (dealIds: string[], tx: Db = db) => findEscrowPaymentsOfDeals(tx, dealIds),
    /** What each deal's escrow account holds (deals holding nothing are absent). */
    heldOfDeals: (dealIds: string[], tx?: Db) => escrowHeldOfDeals(ctx.ledger, dealIds, tx),
    heldProviderTransactionOf,
    providerTransactionOf,
    callProviderFor,
    refundCardFunding,
    runEscrowSync,
    startCommissionCheckout: commission.startCommissionCheckout,
    closeCommissionPages: commission.closeCommissionPages,
    refundCommissionExcess: commission.refundCommissionExcess,
  };
}
