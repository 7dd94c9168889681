import type { Db } from '../../db/client.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, move } from './deal-accounts.ts';
import { fundingHandlerFor } from './deal-funding-methods.ts';
import type { DealMoneyChanges, DealMoneyFacts, MoneyTransition } from './deal-money.ts';
import { type EscrowPaymentRow, updateEscrowPayment } from './escrow-payments.repository.ts';
import { escrowMismatch, type PostingDeps } from './escrow-targets.ts';

/**
 * refund-escrow: the included commission and the processing fee go back into escrow first, so the
 * buyer gets the whole charge back; the funding route says where the money goes.
 */
export async function bookRefund(
  deps: PostingDeps,
  tx: Db,
  before: DealMoneyFacts,
  after: DealMoneyFacts,
  payment: EscrowPaymentRow | undefined,
  held: number,
  targets: { refundCents: number } | null,
  transition: MoneyTransition,
): Promise<DealMoneyChanges> {
  const { ledger, clock } = deps;
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
    throw escrowMismatch(deps, dealId, refundable, targets?.refundCents ?? null, transition);
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
