import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PaymentRow } from '../payments/index.ts';
import { DEAL_ACCOUNTS, move, paymentBooks } from './deal-accounts.ts';
import { FUNDING_HANDLERS } from './deal-funding-methods.ts';
import { announceFundingOutcome, type DealMoneyContext } from './deal-money.ts';
import {
  findEscrowPaymentsOfPayment,
  insertEscrowPayment,
  updateEscrowPayment,
} from './escrow-payments.repository.ts';
import { bookStrayChargeRefund, setStrayChargeAside } from './stray-charges.ts';

type CardFundingDeps = Pick<DealMoneyContext, 'ledger' | 'clock' | 'events'>;

/**
 * Card and Klarna: listens to the payments module's checkouts of purpose `escrow_funding`. A paid
 * one is booked into the deal's escrow, a refund back out of it, in the payments module's booking
 * transaction; then the deal records what happened (or the charge is set aside for the buyer).
 */
export function listenToCardFunding(deps: CardFundingDeps): void {
  const { ledger, events } = deps;
  const checkout = FUNDING_HANDLERS.card;
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
    if (firstTime) await onCheckoutPaid(deps, payment, tx);
  });
  events.on('payment.checkout-refunded', async ({ tx, payment, booking, booked }) => {
    if (payment.purpose !== 'escrow_funding') return;
    await checkoutBooks.paymentRefunded(booking, tx);
    booked();
    await bookStrayChargeRefund(deps, payment, booking.amountCents, tx);
  });
}

/** A paid escrow-funding checkout: runs once per payment, inside its booking transaction. */
async function onCheckoutPaid(deps: CardFundingDeps, payment: PaymentRow, tx: Db): Promise<void> {
  const { clock, events } = deps;
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
    await setStrayChargeAside(deps, payment, tx);
    return;
  }
  // Not a deal of ours: the payment stays booked where the payment-succeeded hook put it.
  if (answer === 'no-deal') return;
  await setStrayChargeAside(deps, payment, tx);
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
