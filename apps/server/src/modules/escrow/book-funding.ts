import type { Db } from '../../db/client.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, move } from './deal-accounts.ts';
import { fundingRouteOf } from './deal-funding-methods.ts';
import type { DealMoneyChanges, DealMoneyFacts, DealMoneyPayload } from './deal-money.ts';
import { cancelPendingEscrowPayments, updateEscrowPayment } from './escrow-payments.repository.ts';
import { currentEscrowPayment, type PostingDeps } from './escrow-targets.ts';

/** escrow-funded: the arrival (when the route books it here), the method fee and the included commission. */
export async function bookFunded(
  deps: Pick<PostingDeps, 'ledger' | 'clock'>,
  tx: Db,
  after: DealMoneyFacts,
  payload: DealMoneyPayload,
): Promise<DealMoneyChanges | null> {
  const { ledger, clock } = deps;
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
