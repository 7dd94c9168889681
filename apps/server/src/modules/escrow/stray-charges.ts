import type { Db } from '../../db/client.ts';
import type { PaymentRow } from '../payments/index.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, move } from './deal-accounts.ts';
import type { PostingDeps } from './escrow-targets.ts';

/**
 * A charge the deal no longer needs must not sit in its escrow until the refund (a release would
 * pay it to the seller): it is owed to the buyer from the moment it is booked.
 */
export async function setStrayChargeAside(
  deps: Pick<PostingDeps, 'ledger'>,
  payment: PaymentRow,
  tx: Db,
): Promise<void> {
  const { ledger } = deps;
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
export async function bookStrayChargeRefund(
  deps: Pick<PostingDeps, 'ledger'>,
  payment: PaymentRow,
  refundedCents: number,
  tx: Db,
): Promise<void> {
  const { ledger } = deps;
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
