import { randomUUID } from 'node:crypto';
import { type Db, inTransaction } from '../../db/client.ts';
import { LEDGER_ACCOUNTS, ledgerMovements } from '../ledger/index.ts';
import { syncRefundsFor } from './book-refund.ts';
import {
  announceBooking,
  type PaymentBooking,
  type PaymentsContext,
  publishOutcome,
} from './payment-context.ts';
import type { ProviderInvoice } from './payment-provider.ts';
import {
  type CheckoutRow,
  claimFulfilment,
  findCheckout,
  findLivePayment,
  findPaymentByInvoice,
  findPaymentForUpdate,
  insertPayment,
  listSubscriptionPayments,
  type PaymentRow,
  updatePayment,
  upsertCheckout,
} from './payments.repository.ts';

/** What these use cases use. */
type ChargeDeps = Pick<
  PaymentsContext,
  'clock' | 'db' | 'events' | 'ledger' | 'provider' | 'purposeHandlers' | 'realtime'
>;

/**
 * Books the charge of one paid checkout page, once, under the payment's row lock. Returns the page's
 * row when the charge is stray (booked into suspense and owed back), so the caller refunds it.
 */
export async function bookCheckoutCharge(
  deps: ChargeDeps,
  paymentId: string,
  sessionId: string,
  paymentRef: string | null,
  paidCents: number,
): Promise<CheckoutRow | null> {
  const { clock, db, ledger, provider } = deps;
  return inTransaction(db, async (tx) => {
    const payment = await findPaymentForUpdate(tx, paymentId);
    if (!payment) return null;
    const page = await findCheckout(tx, provider.name, { providerCheckoutId: sessionId });
    if (page?.status === 'booked' || page?.status === 'refunded') return null;
    if (page?.status === 'stray') return page;
    // Booked before pages were recorded: the payment's own reference says so.
    if (payment.status !== 'pending' && paymentRef && payment.providerPaymentRef === paymentRef) return null;
    const now = clock.now();
    const isCurrentPage = payment.providerCheckoutId === sessionId;
    const revivable =
      payment.status === 'pending' ||
      ((payment.status === 'canceled' || payment.status === 'failed') &&
        !(await findLivePayment(tx, payment)));
    if (isCurrentPage && revivable && paidCents === payment.amountCents) {
      await bookPayment(deps, tx, payment, paymentRef, paidCents);
      await upsertCheckout(tx, {
        id: page?.id ?? `pco_${randomUUID()}`,
        paymentId,
        provider: provider.name,
        providerCheckoutId: sessionId,
        amountCents: paidCents,
        status: 'booked',
        providerPaymentRef: paymentRef,
        paidCents,
        updatedAt: now,
      });
      return null;
    }
    await ledger.postTransaction(
      {
        poster: 'payments',
        kind: 'payment_received',
        description: `Charge on a checkout page that pays nothing (${payment.description}): owed back to the payer`,
        reference: { type: 'payment', id: payment.id },
        idempotencyKey: `checkout:${provider.name}:${sessionId}:stray`,
        lines: ledgerMovements.paymentReceived(paidCents, LEDGER_ACCOUNTS.suspensePayments),
      },
      tx,
    );
    return upsertCheckout(tx, {
      id: page?.id ?? `pco_${randomUUID()}`,
      paymentId,
      provider: provider.name,
      providerCheckoutId: sessionId,
      amountCents: page?.amountCents ?? paidCents,
      status: 'stray',
      providerPaymentRef: paymentRef,
      paidCents,
      updatedAt: now,
    });
  });
}

/**
 * Books a successful subscription invoice: status, ledger entry and the owning domain's handler, in
 * one transaction, rolled back together so a failing handler leaves the payment to be retried.
 */
async function markSucceeded(
  deps: Pick<PaymentsContext, 'clock' | 'db' | 'events' | 'purposeHandlers' | 'realtime'>,
  paymentId: string,
  paymentRef: string | null,
  paidCents: number,
  paidAt?: Date,
) {
  const { db } = deps;
  await inTransaction(db, async (tx) => {
    const payment = await findPaymentForUpdate(tx, paymentId);
    if (!payment || !['pending', 'failed', 'canceled'].includes(payment.status)) return;
    await bookPayment(deps, tx, payment, paymentRef, paidCents, paidAt);
  });
}

/** The payment succeeded: its status, the money in the ledger, and its purpose's handler, in `tx`. */
async function bookPayment(
  deps: Pick<PaymentsContext, 'clock' | 'events' | 'purposeHandlers' | 'realtime'>,
  tx: Db,
  payment: PaymentRow,
  paymentRef: string | null,
  paidCents: number,
  paidAt?: Date,
): Promise<void> {
  const { clock, purposeHandlers } = deps;
  const updated = (await updatePayment(tx, payment.id, {
    status: 'succeeded',
    succeededAt: paidAt ?? clock.now(),
    providerPaymentRef: paymentRef ?? payment.providerPaymentRef,
  })) as PaymentRow;
  const handler = purposeHandlers.get(payment.purpose);
  const booking: PaymentBooking = {
    payment,
    amountCents: paidCents,
    posting: {
      description: payment.description,
      reference: { type: 'payment', id: payment.id },
      idempotencyKey: `payment:${payment.id}`,
    },
  };
  if (handler) {
    await handler.books.paymentReceived(booking, tx);
    if (await claimFulfilment(tx, payment.id)) await handler.onSucceeded(updated, tx);
  } else {
    const firstTime = await claimFulfilment(tx, payment.id);
    await announceBooking(payment, 'payments', (booked) =>
      deps.events?.emit('payment.checkout-paid', { tx, payment: updated, booking, firstTime, booked }),
    );
  }
  await publishOutcome(deps, updated, tx);
}

/** Records a paid subscription invoice as a payment (one per invoice) and books it. */
export async function recordSubscriptionInvoice(
  deps: ChargeDeps,
  input: {
    userId: string;
    invoice: ProviderInvoice;
    providerSubscriptionId: string;
    description: string;
  },
): Promise<void> {
  const { db, provider } = deps;
  const { invoice } = input;
  if (invoice.status !== 'paid' || invoice.amountPaidCents <= 0) return;
  const existing =
    (await findPaymentByInvoice(db, invoice.id)) ??
    (await insertPayment(db, {
      id: `pay_${randomUUID()}`,
      userId: input.userId,
      purpose: 'subscription',
      targetType: 'subscription',
      targetId: input.providerSubscriptionId,
      description: input.description,
      amountCents: invoice.amountPaidCents,
      provider: provider.name,
      providerInvoiceId: invoice.id,
      providerPaymentRef: invoice.paymentRef,
    })) ??
    (await findPaymentByInvoice(db, invoice.id));
  if (!existing) throw new Error(`Payment for invoice ${invoice.id} vanished after insert`);
  await markSucceeded(
    deps,
    existing.id,
    invoice.paymentRef,
    invoice.amountPaidCents,
    invoice.paidAt ?? undefined,
  );
  await syncRefundsFor(deps, invoice.paymentRef);
}

/** Paid payments of a provider subscription, oldest first (the first one opens the money-back window). */
export async function listSubscriptionPaymentsFor(
  deps: Pick<PaymentsContext, 'db'>,
  providerSubscriptionId: string,
): Promise<PaymentRow[]> {
  const { db } = deps;
  return listSubscriptionPayments(db, providerSubscriptionId);
}
