import { randomUUID } from 'node:crypto';
import { CHECKOUT_FAILED_MESSAGE } from '@app/shared/billing/billing.schemas';
import { AMOUNT_TOO_LARGE_MESSAGE, INVALID_AMOUNT_MESSAGE } from '@app/shared/money/money';
import {
  PAYMENT_ALREADY_MADE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_NOT_PENDING_MESSAGE,
  type Payment,
  type PaymentPurpose,
  type PaymentTargetType,
} from '@app/shared/payments/payments.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { LEDGER_ACCOUNTS, type LedgerService, ledgerMovements } from '../ledger/ledger.service.ts';
import {
  HANDLED_EVENT_TYPES,
  type HandledEventType,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderRefund,
  WebhookSignatureError,
} from './payment-provider.ts';
import {
  claimFulfilment,
  findCustomer,
  findCustomerByProviderId,
  findLivePayment,
  findPayment,
  findPaymentByInvoice,
  findPaymentByRef,
  findPaymentForUpdate,
  findProviderEvent,
  insertCustomer,
  insertPayment,
  insertProviderEvent,
  insertRefund,
  listPaymentsByUser,
  listSubscriptionPayments,
  markProviderEventFailed,
  markProviderEventProcessed,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';

/** What a domain registers for its payment purpose; billing calls it once when a payment succeeds. */
export type PurposeHandler = {
  /** Runs exactly once per payment, inside the transaction that books it: use `tx`, not the pool. */
  onSucceeded(payment: PaymentRow, tx: Db): Promise<void>;
  /** Optional: told (inside the booking transaction) when money of this payment goes back. */
  onRefunded?(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void>;
};
export type ProviderEventHandler = (event: ProviderEvent) => Promise<void>;
export type Payer = { id: string; email: string; name: string };

export type StartCheckoutInput = {
  user: Payer;
  purpose: Exclude<PaymentPurpose, 'subscription'>;
  targetType: PaymentTargetType;
  targetId: string;
  amountCents: number;
  description: string;
  metadata?: Record<string, string>;
  /** App paths the provider returns the browser to, e.g. `/messages?paid=true`. */
  successPath: string;
  cancelPath: string;
};

/** Stripe's minimum charge is $0.50; the amount check caps dollars at 1,000,000. */
const MIN_CHARGE_CENTS = 50;
const MAX_CHARGE_CENTS = 100_000_000;

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  ledger: LedgerService;
  clock: Clock;
  appUrl: string;
  isAdmin(userId: string): Promise<boolean>;
}) {
  const { db, provider, ledger, clock, appUrl } = deps;
  const purposeHandlers = new Map<PaymentPurpose, PurposeHandler>();
  const eventHandlers = new Map<string, ProviderEventHandler[]>();

  /**
   * A domain claims a purpose at start-up (composition root); one handler per purpose. `replace` lets
   * a test swap a domain's handler for a probe.
   */
  function registerPurposeHandler(
    purpose: PaymentPurpose,
    handler: PurposeHandler,
    opts: { replace?: boolean } = {},
  ): void {
    if (purposeHandlers.has(purpose) && !opts.replace)
      throw new Error(`A handler for ${purpose} payments is already registered`);
    purposeHandlers.set(purpose, handler);
  }

  /** Subscribe to verified, first-time provider events (billing listens to subscription events). */
  function onProviderEvent(types: HandledEventType[], handler: ProviderEventHandler): void {
    for (const type of types) eventHandlers.set(type, [...(eventHandlers.get(type) ?? []), handler]);
  }

  /** The provider's customer id for a user, created at the provider the first time. */
  async function ensureCustomer(user: Payer, failureMessage = CHECKOUT_FAILED_MESSAGE): Promise<string> {
    const existing = await findCustomer(db, user.id, provider.name);
    if (existing) return existing.providerCustomerId;
    const created = await callProvider(failureMessage, () =>
      provider.createCustomer({ userId: user.id, email: user.email, name: user.name }),
    );
    const stored = await insertCustomer(db, {
      userId: user.id,
      provider: provider.name,
      providerCustomerId: created.id,
    });
    return stored.providerCustomerId;
  }

  async function findProviderCustomerId(userId: string): Promise<string | null> {
    return (await findCustomer(db, userId, provider.name))?.providerCustomerId ?? null;
  }

  async function findUserIdByCustomer(providerCustomerId: string): Promise<string | null> {
    return (await findCustomerByProviderId(db, provider.name, providerCustomerId))?.userId ?? null;
  }

  /**
   * Starts (or resumes) a one-time payment: one open or paid payment per payer, purpose and target,
   * so a double click or a retry returns the same payment and, while it is open, the same checkout.
   */
  async function startCheckout(input: StartCheckoutInput): Promise<{ payment: Payment; url: string }> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < MIN_CHARGE_CENTS)
      throw new AppError('VALIDATION_FAILED', INVALID_AMOUNT_MESSAGE);
    if (input.amountCents > MAX_CHARGE_CENTS)
      throw new AppError('VALIDATION_FAILED', AMOUNT_TOO_LARGE_MESSAGE);
    const key = {
      userId: input.user.id,
      purpose: input.purpose,
      targetType: input.targetType,
      targetId: input.targetId,
    };
    let payment = await findLivePayment(db, key);
    if (payment?.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
    if (!payment) {
      payment =
        (await insertPayment(db, {
          id: `pay_${randomUUID()}`,
          ...key,
          description: input.description,
          amountCents: input.amountCents,
          provider: provider.name,
          metadata: input.metadata ?? {},
        })) ?? (await findLivePayment(db, key));
      if (!payment) throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
    } else if (payment.amountCents !== input.amountCents || payment.description !== input.description) {
      // The price changed since the first attempt: the open payment follows the current price.
      payment = (await updatePayment(db, payment.id, {
        amountCents: input.amountCents,
        description: input.description,
        providerCheckoutId: null,
        checkoutUrl: null,
      })) as PaymentRow;
    }
    const url = await openCheckoutFor(payment, input.user, {
      successPath: input.successPath,
      cancelPath: input.cancelPath,
    });
    return { payment: toPaymentView((await findPayment(db, payment.id)) ?? payment), url };
  }

  /** The checkout URL of the payer's own pending payment (a new session when the old one expired). */
  async function resumeCheckout(paymentId: string, user: Payer): Promise<{ url: string }> {
    const payment = await findPayment(db, paymentId);
    if (!payment || payment.userId !== user.id) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_NOT_PENDING_MESSAGE);
    const paths = {
      successPath: payment.metadata.successPath ?? '/dashboard?payment=success',
      cancelPath: payment.metadata.cancelPath ?? '/dashboard?payment=canceled',
    };
    return { url: await openCheckoutFor(payment, user, paths) };
  }

  async function openCheckoutFor(
    payment: PaymentRow,
    user: Payer,
    paths: { successPath: string; cancelPath: string },
  ): Promise<string> {
    if (payment.providerCheckoutId) {
      const open = await provider.getCheckoutSession(payment.providerCheckoutId).catch(() => null);
      if (open?.status === 'open' && open.url) return open.url;
    }
    const customerId = await ensureCustomer(user);
    const session = await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
      provider.createPaymentCheckout({
        customerId,
        description: payment.description,
        amountCents: payment.amountCents,
        successUrl: appUrl + paths.successPath,
        cancelUrl: appUrl + paths.cancelPath,
        metadata: {
          paymentId: payment.id,
          purpose: payment.purpose,
          targetId: payment.targetId,
          userId: user.id,
        },
      }),
    );
    await updatePayment(db, payment.id, {
      providerCheckoutId: session.id,
      checkoutUrl: session.url,
      metadata: { ...payment.metadata, ...paths },
    });
    return session.url;
  }

  /** A payment as its payer (or an administrator) may see it; anyone else gets 404. */
  async function getPayment(id: string, viewerId: string): Promise<Payment> {
    const payment = await findPayment(db, id);
    if (!payment || (payment.userId !== viewerId && !(await deps.isAdmin(viewerId))))
      throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    return toPaymentView(payment);
  }

  async function listPayments(userId: string): Promise<Payment[]> {
    return (await listPaymentsByUser(db, userId, 100)).map(toPaymentView);
  }

  /**
   * The webhook entry point: verify the signature, record the event id once, then re-sync the object
   * it names from the provider. State never comes from the body or the order of arrival, so retries,
   * duplicates and reordering converge on the provider's current state.
   */
  async function processWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate?: true; ignored?: true }> {
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
      await dispatchEvent(event);
      await markProviderEventProcessed(db, id);
    } catch (err) {
      // Not marked processed: the provider's retry of this event runs it again (every step is idempotent).
      await markProviderEventFailed(db, id, err instanceof Error ? err.message : String(err));
      throw err;
    }
    return { received: true };
  }

  async function dispatchEvent(event: ProviderEvent): Promise<void> {
    if (event.type.startsWith('checkout.session.')) await syncCheckoutSession(event.objectId, event.type);
    if (event.type.startsWith('refund.')) await syncRefund(event.objectId);
    for (const handler of eventHandlers.get(event.type) ?? []) await handler(event);
  }

  /** Re-reads a one-time payment's checkout session and books the payment when it is paid. */
  async function syncCheckoutSession(sessionId: string, eventType?: string): Promise<void> {
    const session = await provider.getCheckoutSession(sessionId);
    if (session?.mode !== 'payment' || !session.metadata.paymentId) return;
    const payment = await findPayment(db, session.metadata.paymentId);
    if (!payment || payment.provider !== provider.name) return;
    if (session.paymentStatus === 'paid') {
      await markSucceeded(payment.id, session.paymentRef, session.amountTotalCents ?? payment.amountCents);
      await syncRefundsFor(session.paymentRef);
    } else if (payment.status === 'pending' && payment.providerCheckoutId === session.id) {
      if (session.status === 'expired') await updatePayment(db, payment.id, { status: 'canceled' });
      else if (eventType === 'checkout.session.async_payment_failed')
        await updatePayment(db, payment.id, { status: 'failed' });
    }
  }

  /**
   * Books a successful payment in one transaction: status, ledger entry and the owning domain's
   * handler. Rolled back together, so a failing handler leaves the payment to be retried.
   */
  async function markSucceeded(
    paymentId: string,
    paymentRef: string | null,
    paidCents: number,
    paidAt?: Date,
  ) {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const payment = await findPaymentForUpdate(tx, paymentId);
      if (!payment || !['pending', 'failed', 'canceled'].includes(payment.status)) return;
      const updated = (await updatePayment(tx, paymentId, {
        status: 'succeeded',
        succeededAt: paidAt ?? clock.now(),
        providerPaymentRef: paymentRef ?? payment.providerPaymentRef,
      })) as PaymentRow;
      await ledger.postTransaction(
        {
          kind: payment.purpose === 'escrow_funding' ? 'escrow_hold' : 'payment_received',
          description: payment.description,
          reference: { type: 'payment', id: payment.id },
          idempotencyKey: `payment:${payment.id}`,
          lines: ledgerMovements.paymentReceived(paidCents, creditAccountFor(payment)),
        },
        tx,
      );
      const handler = purposeHandlers.get(payment.purpose);
      // Underpaid (the provider charged less than we asked): booked as received, but not fulfilled.
      if (handler && paidCents >= payment.amountCents && (await claimFulfilment(tx, payment.id))) {
        await handler.onSucceeded(updated, tx);
      }
    });
  }

  /** Records a paid subscription invoice as a payment (one per invoice) and books it. */
  async function recordSubscriptionInvoice(input: {
    userId: string;
    invoice: ProviderInvoice;
    providerSubscriptionId: string;
    description: string;
  }): Promise<void> {
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
      existing.id,
      invoice.paymentRef,
      invoice.amountPaidCents,
      invoice.paidAt ?? undefined,
    );
    await syncRefundsFor(invoice.paymentRef);
  }

  /** Paid payments of a provider subscription, oldest first (the first one opens the money-back window). */
  async function listSubscriptionPaymentsFor(providerSubscriptionId: string): Promise<PaymentRow[]> {
    return listSubscriptionPayments(db, providerSubscriptionId);
  }

  /** Re-reads a refund from the provider and books it once against the payment it refunds. */
  async function syncRefund(refundId: string): Promise<void> {
    const refund = await provider.getRefund(refundId);
    if (refund) await bookRefund(refund);
  }

  /**
   * Books every refund the provider has for a payment. Runs after a payment is booked, because a
   * refund event may have arrived (and found no payment to book against) before the payment's own.
   */
  async function syncRefundsFor(paymentRef: string | null): Promise<void> {
    if (!paymentRef) return;
    for (const refund of await provider.listRefunds(paymentRef)) await bookRefund(refund);
  }

  async function bookRefund(refund: ProviderRefund): Promise<void> {
    if (refund.status !== 'succeeded' || !refund.paymentRef) return;
    const found = await findPaymentByRef(db, provider.name, refund.paymentRef);
    if (!found || found.status === 'pending') return;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
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
      await ledger.postTransaction(
        {
          kind: 'refund',
          description: `Refund: ${payment.description}`,
          reference: { type: 'payment', id: payment.id },
          idempotencyKey: `refund:${provider.name}:${refund.id}`,
          lines: ledgerMovements.refundIssued(refund.amountCents, debitAccountForRefund(payment)),
        },
        tx,
      );
      await purposeHandlers.get(payment.purpose)?.onRefunded?.(updated, refund.amountCents, tx);
    });
  }

  /** Refunds (part of) a payment through the provider, then books it without waiting for the webhook. */
  async function refundPayment(paymentId: string, opts: { amountCents?: number; failureMessage: string }) {
    const payment = await findPayment(db, paymentId);
    if (!payment?.providerPaymentRef) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    const amountCents = opts.amountCents ?? payment.amountCents - payment.refundedCents;
    if (amountCents <= 0) throw new AppError('CONFLICT', 'This payment has already been refunded.');
    const paymentRef = payment.providerPaymentRef;
    const refund = await callProvider(opts.failureMessage, () =>
      provider.refundPayment({
        paymentRef,
        amountCents,
        idempotencyKey: `refund:${payment.id}:${payment.refundedCents}`,
      }),
    );
    await bookRefund(refund);
    return refund;
  }

  return {
    provider,
    registerPurposeHandler,
    onProviderEvent,
    ensureCustomer,
    findProviderCustomerId,
    findUserIdByCustomer,
    startCheckout,
    resumeCheckout,
    getPayment,
    listPayments,
    processWebhook,
    syncCheckoutSession,
    recordSubscriptionInvoice,
    listSubscriptionPaymentsFor,
    syncRefund,
    refundPayment,
  };
}

/** Runs a provider call; any failure becomes a 502 with the message the user should see. */
export async function callProvider<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('PAYMENT_PROVIDER_ERROR', message, {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
}

function creditAccountFor(payment: PaymentRow): string {
  switch (payment.purpose) {
    case 'subscription':
      return LEDGER_ACCOUNTS.revenueSubscriptions;
    case 'contact_fee':
      return LEDGER_ACCOUNTS.revenueContactFees;
    case 'featured_listing':
      return LEDGER_ACCOUNTS.revenueFeaturedListings;
    case 'escrow_funding':
      return LEDGER_ACCOUNTS.escrowHeld(payment.targetId);
    case 'commission':
      return LEDGER_ACCOUNTS.revenueCommission;
  }
}

/** Escrow money goes back out of the escrow it sits in; everything else is a refund of revenue. */
function debitAccountForRefund(payment: PaymentRow): string {
  return payment.purpose === 'escrow_funding'
    ? LEDGER_ACCOUNTS.escrowHeld(payment.targetId)
    : LEDGER_ACCOUNTS.refunds;
}

export function toPaymentView(p: PaymentRow): Payment {
  return {
    id: p.id,
    purpose: p.purpose,
    targetType: p.targetType,
    targetId: p.targetId,
    description: p.description,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    createdAt: p.createdAt.toISOString(),
    succeededAt: p.succeededAt?.toISOString() ?? null,
  };
}

export type { PaymentRow };
