import { randomUUID } from 'node:crypto';
import { PAYMENT_NOT_FOUND_MESSAGE } from '@app/shared/payments/payments.schemas';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { LEDGER_ACCOUNTS, ledgerMovements } from '../ledger/index.ts';
import {
  announceBooking,
  callProvider,
  type PaymentBooking,
  type PaymentsContext,
  REFUND_DEAD_STATUSES,
} from './payment-context.ts';
import type { ProviderRefund } from './payment-provider.ts';
import {
  type CheckoutRow,
  findCheckout,
  findPayment,
  findPaymentByRef,
  findPaymentForUpdate,
  insertRefund,
  type PaymentRow,
  sumCheckoutRefunds,
  updateCheckout,
  updatePayment,
} from './payments.repository.ts';

/** What these use cases use. */
type RefundDeps = Pick<PaymentsContext, 'db' | 'events' | 'ledger' | 'provider' | 'purposeHandlers'>;

/** Re-reads a refund from the provider and books it once against the payment it refunds. */
export async function syncRefund(deps: RefundDeps, refundId: string): Promise<void> {
  const { provider } = deps;
  const refund = await provider.getRefund(refundId);
  if (refund) await bookRefund(deps, refund);
}

/**
 * Books every refund the provider has for a payment. Runs after a payment is booked, because a
 * refund event may have arrived (and found no payment to book against) before the payment's own.
 */
export async function syncRefundsFor(deps: RefundDeps, paymentRef: string | null): Promise<void> {
  const { provider } = deps;
  if (!paymentRef) return;
  for (const refund of await provider.listRefunds(paymentRef)) await bookRefund(deps, refund);
}

export async function bookRefund(deps: RefundDeps, refund: ProviderRefund): Promise<void> {
  const { db, provider, purposeHandlers } = deps;
  if (refund.status !== 'succeeded' || !refund.paymentRef) return;
  const strayPage = await findCheckout(db, provider.name, { providerPaymentRef: refund.paymentRef });
  if (strayPage && (strayPage.status === 'stray' || strayPage.status === 'refunded'))
    return bookStrayRefund(deps, strayPage, refund);
  const found = await findPaymentByRef(db, provider.name, refund.paymentRef);
  if (!found || found.status === 'pending') return;
  await inTransaction(db, async (tx) => {
    const payment = await findPaymentForUpdate(tx, found.id);
    if (!payment) return;
    const isNew = await insertRefund(tx, {
      id: `rfd_${randomUUID()}`,
      paymentId: payment.id,
      provider: provider.name,
      providerRefundId: refund.id,
      amountCents: refund.amountCents,
    });
    if (!isNew) return;
    const refundedCents = Math.min(payment.amountCents, payment.refundedCents + refund.amountCents);
    const updated = (await updatePayment(tx, payment.id, {
      refundedCents,
      status: refundedCents >= payment.amountCents ? 'refunded' : 'partially_refunded',
    })) as PaymentRow;
    const handler = purposeHandlers.get(payment.purpose);
    const booking: PaymentBooking = {
      payment,
      amountCents: refund.amountCents,
      posting: {
        description: `Refund: ${payment.description}`,
        reference: { type: 'payment', id: payment.id },
        idempotencyKey: `refund:${provider.name}:${refund.id}`,
      },
    };
    if (handler) {
      await handler.books.paymentRefunded(booking, tx);
      await handler.onRefunded?.(updated, refund.amountCents, tx);
    } else
      await announceBooking(payment, 'refunds', (booked) =>
        deps.events?.emit('payment.checkout-refunded', { tx, payment: updated, booking, booked }),
      );
  });
}

/** A refund of a stray charge comes out of suspense; the payment it was meant for is untouched. */
async function bookStrayRefund(
  deps: Pick<PaymentsContext, 'db' | 'ledger' | 'provider'>,
  page: CheckoutRow,
  refund: ProviderRefund,
): Promise<void> {
  const { db, ledger, provider } = deps;
  await inTransaction(db, async (tx) => {
    await findPaymentForUpdate(tx, page.paymentId);
    const isNew = await insertRefund(tx, {
      id: `rfd_${randomUUID()}`,
      paymentId: page.paymentId,
      checkoutId: page.id,
      provider: provider.name,
      providerRefundId: refund.id,
      amountCents: refund.amountCents,
    });
    if (!isNew) return;
    await ledger.postTransaction(
      {
        poster: 'payments',
        kind: 'refund',
        description: `Refund of a charge on checkout page ${page.providerCheckoutId} that paid nothing`,
        reference: { type: 'payment', id: page.paymentId },
        idempotencyKey: `refund:${provider.name}:${refund.id}`,
        lines: ledgerMovements.refundIssued(refund.amountCents, LEDGER_ACCOUNTS.suspensePayments),
      },
      tx,
    );
    if ((await sumCheckoutRefunds(tx, page.id)) >= (page.paidCents ?? 0))
      await updateCheckout(tx, page.id, { status: 'refunded', refundError: null });
  });
}

/**
 * Refunds (part of) a payment through the provider, then books it without waiting for the webhook.
 * `refundKey` names this refund (what asked for it: a deal's funding attempt, a money-back request),
 * never a running total, so a retry after a crash asks the provider for the same refund. The refunds
 * the provider already made are booked first, and one made under `refundKey` (before a crash, or after
 * the provider forgot the key) is answered as it is: found and booked, never made again.
 */
export async function refundPayment(
  deps: RefundDeps,
  paymentId: string,
  opts: { refundKey: string; amountCents?: number; failureMessage: string },
) {
  const { db, provider } = deps;
  const found = await findPayment(db, paymentId);
  if (!found?.providerPaymentRef) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  const paymentRef = found.providerPaymentRef;
  const made = await callProvider(opts.failureMessage, () => provider.listRefunds(paymentRef));
  for (const refund of made) await bookRefund(deps, refund);
  const earlier = made.find(
    (r) => r.requestKey === opts.refundKey && !REFUND_DEAD_STATUSES.includes(r.status),
  );
  if (earlier) return earlier;
  const payment = (await findPayment(db, paymentId)) ?? found;
  const amountCents = opts.amountCents ?? payment.amountCents - payment.refundedCents;
  if (amountCents <= 0) throw new AppError('CONFLICT', 'This payment has already been refunded.');
  const refund = await callProvider(opts.failureMessage, () =>
    provider.refundPayment({ paymentRef, amountCents, idempotencyKey: opts.refundKey }),
  );
  crashPoint('payments.refund.after-provider');
  await bookRefund(deps, refund);
  return refund;
}
