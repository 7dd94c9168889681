import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { bookCheckoutCharge } from './book-charge.ts';
import { syncRefund, syncRefundsFor } from './book-refund.ts';

import { type PaymentsContext, publishOutcome } from './payment-context.ts';
import { HANDLED_EVENT_TYPES, type ProviderEvent, WebhookSignatureError } from './payment-provider.ts';
import {
  findPayment,
  findProviderEvent,
  insertProviderEvent,
  markProviderEventFailed,
  markProviderEventProcessed,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';
import { refundStrayCheckout } from './stray-checkouts.ts';

/** What these use cases use. */
type WebhookDeps = Pick<
  PaymentsContext,
  | 'clock'
  | 'db'
  | 'eventHandlers'
  | 'events'
  | 'ledger'
  | 'logError'
  | 'provider'
  | 'purposeHandlers'
  | 'realtime'
>;

/**
 * The webhook entry point: verify the signature, record the event id once, then re-sync the object
 * it names from the provider. State never comes from the body or the order of arrival, so retries,
 * duplicates and reordering converge on the provider's current state.
 */
export async function processWebhook(
  deps: WebhookDeps,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const { db, provider } = deps;
  let event: ProviderEvent;
  try {
    event = await provider.verifyWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new AppError('VALIDATION_FAILED', err.message);
    throw err;
  }
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type))
    return { received: true, ignored: true };
  const id = `${provider.name}:${event.id}`;
  await insertProviderEvent(db, {
    id,
    provider: provider.name,
    eventId: event.id,
    type: event.type,
    objectId: event.objectId,
  });
  if ((await findProviderEvent(db, id))?.processedAt) return { received: true, duplicate: true };
  try {
    await dispatchEvent(deps, event);
    await markProviderEventProcessed(db, id);
  } catch (err) {
    // Not marked processed: the provider's retry of this event runs it again (every step is idempotent).
    await markProviderEventFailed(db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  return { received: true };
}

async function dispatchEvent(deps: WebhookDeps, event: ProviderEvent): Promise<void> {
  const { eventHandlers } = deps;
  if (event.type.startsWith('checkout.session.')) await syncCheckoutSession(deps, event.objectId, event.type);
  if (event.type.startsWith('refund.')) await syncRefund(deps, event.objectId);
  for (const handler of eventHandlers.get(event.type) ?? []) await handler(event);
}

/**
 * Re-reads a one-time payment's checkout session. A paid page books its payment when it is the
 * payment's current page paid in full; any other paid page is a stray charge, refunded at once.
 */
export async function syncCheckoutSession(
  deps: Pick<
    PaymentsContext,
    'clock' | 'db' | 'events' | 'ledger' | 'logError' | 'provider' | 'purposeHandlers' | 'realtime'
  >,
  sessionId: string,
  eventType?: string,
): Promise<void> {
  const { db, logError, provider, purposeHandlers } = deps;
  const session = await provider.getCheckoutSession(sessionId);
  if (session?.mode !== 'payment' || !session.metadata.paymentId) return;
  const payment = await findPayment(db, session.metadata.paymentId);
  if (!payment || payment.provider !== provider.name) return;
  if (session.paymentStatus === 'paid') {
    const paidCents = session.amountTotalCents ?? payment.amountCents;
    const stray = await bookCheckoutCharge(deps, payment.id, session.id, session.paymentRef, paidCents);
    if (stray)
      await refundStrayCheckout(deps, stray).catch((err) => logError('stray charge refund failed', err));
    await syncRefundsFor(deps, session.paymentRef);
    const booked = await findPayment(db, payment.id);
    const handler = purposeHandlers.get(payment.purpose);
    const afterBooked = handler
      ? handler.afterBooked
      : (p: PaymentRow) => deps.events?.emit('payment.checkout-booked', { payment: p }) ?? Promise.resolve();
    if (
      afterBooked &&
      booked &&
      booked.status !== 'pending' &&
      booked.providerPaymentRef === session.paymentRef
    )
      await afterBooked(booked).catch((err) => logError(`${payment.purpose} follow-up failed`, err));
  } else if (payment.status === 'pending' && payment.providerCheckoutId === session.id) {
    const status =
      session.status === 'expired'
        ? 'canceled'
        : eventType === 'checkout.session.async_payment_failed'
          ? 'failed'
          : null;
    if (!status) return;
    await inTransaction(db, async (tx) => {
      const updated = await updatePayment(tx, payment.id, { status });
      if (updated) await publishOutcome(deps, updated, tx);
    });
  }
}
