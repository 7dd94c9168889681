import { randomUUID } from 'node:crypto';
import { CHECKOUT_FAILED_MESSAGE } from '@app/shared/billing/billing.schemas';
import { AMOUNT_TOO_LARGE_MESSAGE, INVALID_AMOUNT_MESSAGE } from '@app/shared/money/money';
import {
  CHECKOUT_BUSY_MESSAGE,
  PAYMENT_ALREADY_MADE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_NOT_PENDING_MESSAGE,
  type Payment,
  type PaymentPurpose,
  type PaymentTargetType,
} from '@app/shared/payments/payments.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import { LEDGER_ACCOUNTS, type LedgerService, ledgerMovements } from '../ledger/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
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
  type CheckoutRow,
  claimCheckoutLease,
  claimFulfilment,
  findCheckout,
  findCustomer,
  findCustomerByProviderId,
  findLivePayment,
  findPayment,
  findPaymentByInvoice,
  findPaymentByRef,
  findPaymentForUpdate,
  findProviderEvent,
  insertCheckout,
  insertCustomer,
  insertPayment,
  insertProviderEvent,
  insertRefund,
  listPaymentsByUser,
  listStrayCheckouts,
  listSubscriptionPayments,
  markCheckoutsSuperseded,
  markProviderEventFailed,
  markProviderEventProcessed,
  type PaymentRow,
  releaseCheckoutLease,
  sumCheckoutRefunds,
  updateCheckout,
  updatePayment,
  upsertCheckout,
} from './payments.repository.ts';

/**
 * A payment's money as the ledger is to record it, handed to the purpose's own booking hook: payments
 * fixes the wording, the reference and the idempotency key (so the movement is booked once however
 * often the provider tells us); the purpose's owner names the accounts.
 */
export type PaymentBooking = {
  payment: PaymentRow;
  /** What arrived (paymentReceived) or went back (paymentRefunded). */
  amountCents: number;
  posting: { description: string; reference: { type: 'payment'; id: string }; idempotencyKey: string };
};

export type PaymentBooks = {
  paymentReceived(booking: PaymentBooking, tx: Db): Promise<void>;
  paymentRefunded(booking: PaymentBooking, tx: Db): Promise<void>;
};

/**
 * The books of a plain sale: a charge is revenue on the owner's account, a refund comes out of the
 * platform's refunds (contra-revenue). The purpose's owner names the revenue account.
 */
export function revenueBooks(
  ledger: Pick<LedgerService, 'postTransaction'>,
  revenueAccount: string,
): PaymentBooks {
  return {
    async paymentReceived({ amountCents, posting }, tx) {
      await ledger.postTransaction(
        {
          poster: 'payments',
          kind: 'payment_received',
          ...posting,
          lines: ledgerMovements.paymentReceived(amountCents, revenueAccount),
        },
        tx,
      );
    },
    async paymentRefunded({ amountCents, posting }, tx) {
      await ledger.postTransaction(
        {
          poster: 'payments',
          kind: 'refund',
          ...posting,
          lines: ledgerMovements.refundIssued(amountCents, LEDGER_ACCOUNTS.refunds),
        },
        tx,
      );
    },
  };
}

/**
 * A checkout paid for a target (`payment.checkout-paid`) or money of it given back
 * (`payment.checkout-refunded`), announced inside the booking transaction for a purpose no handler
 * is registered for (a deal's escrow funding, its commission). The listener that owns the purpose
 * books `booking` on its accounts with `tx`, and says so (`booked()`): a charge nobody books is
 * refused, and a listener that throws rolls the booking back, so the payment is retried.
 */
export type CheckoutPaid = {
  tx: Db;
  /** The payment as booked now (status succeeded). */
  payment: PaymentRow;
  booking: PaymentBooking;
  /** True exactly once per payment: the first booking (fulfil what was bought then). */
  firstTime: boolean;
  booked(): void;
};
export type CheckoutRefunded = {
  tx: Db;
  /** The payment with the refund counted. */
  payment: PaymentRow;
  booking: PaymentBooking;
  booked(): void;
};

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    'payment.checkout-paid': CheckoutPaid;
    'payment.checkout-refunded': CheckoutRefunded;
    /**
     * After a charge was booked and committed (and again whenever its page is read from the provider
     * once more): follow-up work that calls the provider. Must be idempotent; failures are logged.
     */
    'payment.checkout-booked': { payment: PaymentRow };
  }
}

/** What a domain registers for its payment purpose; billing calls it once when a payment succeeds. */
export type PurposeHandler = {
  /**
   * The typed "payment succeeded" and "payment refunded" hooks: called inside the booking
   * transaction each time payments books a charge or a refund of this purpose, to post it through
   * the ledger on the owner's accounts (use `tx`). `revenueBooks` is the plain sale.
   */
  books: PaymentBooks;
  /** Runs exactly once per payment, inside the transaction that books it: use `tx`, not the pool. */
  onSucceeded(payment: PaymentRow, tx: Db): Promise<void>;
  /** Optional: told (inside the booking transaction) when money of this payment goes back. */
  onRefunded?(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void>;
  /**
   * Optional: after a charge of this purpose was booked and committed (and again whenever its page
   * is read from the provider once more), for follow-up work that calls the provider, such as giving
   * back what was paid beyond what is owed. Must be idempotent; failures are logged.
   */
  afterBooked?(payment: PaymentRow): Promise<void>;
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
/** How long one request may hold a payment's checkout lease before another may take it over. */
const CHECKOUT_LEASE_MS = 30_000;
const CHECKOUT_LEASE_WAIT_MS = 60_000;
const STRAY_REFUND_BATCH = 50;
/** Refunds that moved no money: one of these under a refund's key may be asked for again. */
const REFUND_DEAD_STATUSES = ['failed', 'canceled'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  ledger: LedgerService;
  clock: Clock;
  appUrl: string;
  isAdmin(userId: string): Promise<boolean>;
  /** Tells the payer's open pages of each outcome (a checkout in another tab): see publishOutcome. */
  realtime?: Pick<RealtimeService, 'publishToUser'>;
  /** Where checkouts of purposes without a handler are announced (see CheckoutPaid). */
  events?: AppEventBus;
  logError?: (msg: string, err: unknown) => void;
}) {
  const { db, provider, ledger, clock, appUrl } = deps;
  const logError = deps.logError ?? logErrorLine;
  const purposeHandlers = new Map<PaymentPurpose, PurposeHandler>();
  const eventHandlers = new Map<string, ProviderEventHandler[]>();

  /**
   * `payment.updated` to the payer, in the transaction that records the outcome: sent exactly when it
   * commits, so a page that hears it reads the paid deal, conversation or listing.
   */
  async function publishOutcome(payment: PaymentRow, tx: Db): Promise<void> {
    await deps.realtime?.publishToUser(
      payment.userId,
      {
        type: 'payment.updated',
        payment: {
          id: payment.id,
          purpose: payment.purpose,
          targetId: payment.targetId,
          status: payment.status,
        },
      },
      { tx },
    );
  }

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
   * and at most one open checkout page for it. A double click or a retry gets the same page; a new
   * amount (another payment method, a new price) expires the old page at the provider before the new
   * one opens, so a stale tab can no longer be paid.
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
    }
    const url = await openCheckoutFor(payment.id, input.user, {
      amountCents: input.amountCents,
      description: input.description,
      metadata: input.metadata,
      successPath: input.successPath,
      cancelPath: input.cancelPath,
    });
    const current = await findPayment(db, payment.id);
    return { payment: toPaymentView(current ?? payment), url };
  }

  /**
   * Closes the payer's open checkout page for a target whose amount no longer holds (a commission
   * share changed): expired at the provider, so a stale tab cannot pay it. A page paid a moment
   * before comes back paid and is booked now; the purpose's owner gives back what is beyond its due.
   */
  async function closeCheckout(key: {
    userId: string;
    purpose: Exclude<PaymentPurpose, 'subscription'>;
    targetType: PaymentTargetType;
    targetId: string;
  }): Promise<void> {
    const live = await findLivePayment(db, key);
    if (live?.status !== 'pending' || !live.providerCheckoutId) return;
    const closed = await withCheckoutLease(live.id, async () => {
      const payment = await findPayment(db, live.id);
      const pageId = payment?.status === 'pending' ? payment.providerCheckoutId : null;
      if (!pageId) return null;
      return callProvider(CHECKOUT_FAILED_MESSAGE, () => provider.expireCheckoutSession(pageId));
    });
    if (closed) await syncCheckoutSession(closed.id);
  }

  /** The checkout URL of the payer's own pending payment (a new page when the old one expired). */
  async function resumeCheckout(paymentId: string, user: Payer): Promise<{ url: string }> {
    const payment = await findPayment(db, paymentId);
    if (!payment || payment.userId !== user.id) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_NOT_PENDING_MESSAGE);
    const url = await openCheckoutFor(payment.id, user, {
      amountCents: payment.amountCents,
      description: payment.description,
      successPath: payment.metadata.successPath ?? '/dashboard?payment=success',
      cancelPath: payment.metadata.cancelPath ?? '/dashboard?payment=canceled',
    });
    return { url };
  }

  /**
   * Runs `work` while holding the payment's checkout lease, so concurrent requests for one payment
   * open one page between them: the others wait, then find the page this one opened.
   */
  async function withCheckoutLease<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    const claimId = randomUUID();
    const deadline = Date.now() + CHECKOUT_LEASE_WAIT_MS;
    // Real time, not the app clock: the lease guards concurrent requests, whatever day tests pretend it is.
    for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
      const now = new Date();
      if (await claimCheckoutLease(db, paymentId, claimId, now, new Date(now.getTime() - CHECKOUT_LEASE_MS)))
        break;
      if (Date.now() > deadline) throw new AppError('CONFLICT', CHECKOUT_BUSY_MESSAGE);
      await sleep(wait);
    }
    try {
      return await work();
    } finally {
      await releaseCheckoutLease(db, paymentId, claimId);
    }
  }

  async function openCheckoutFor(
    paymentId: string,
    user: Payer,
    want: {
      amountCents: number;
      description: string;
      metadata?: Record<string, string>;
      successPath: string;
      cancelPath: string;
    },
  ): Promise<string> {
    return withCheckoutLease(paymentId, async () => {
      let payment = await findPayment(db, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
      if (payment.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
      if (payment.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_NOT_PENDING_MESSAGE);
      if (payment.providerCheckoutId) {
        const open = await provider.getCheckoutSession(payment.providerCheckoutId).catch(() => null);
        const same = payment.amountCents === want.amountCents && open?.amountTotalCents === want.amountCents;
        if (open?.status === 'open' && open.url && same) return open.url;
        // The old page must be closed before a new one opens: paid meanwhile, it is booked (or
        // refunded) now, and the buyer is told it is paid instead of being charged twice.
        const closed =
          open?.status === 'open'
            ? await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
                provider.expireCheckoutSession(payment?.providerCheckoutId as string),
              )
            : open;
        if (closed?.paymentStatus === 'paid') {
          await syncCheckoutSession(closed.id);
          const after = await findPayment(db, paymentId);
          if (after?.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
        }
      }
      payment = (await updatePayment(db, paymentId, {
        amountCents: want.amountCents,
        description: want.description,
        providerCheckoutId: null,
        checkoutUrl: null,
        metadata: {
          ...payment.metadata,
          ...want.metadata,
          successPath: want.successPath,
          cancelPath: want.cancelPath,
        },
      })) as PaymentRow;
      const customerId = await ensureCustomer(user);
      const paying = payment;
      const session = await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
        provider.createPaymentCheckout({
          customerId,
          description: paying.description,
          amountCents: paying.amountCents,
          successUrl: appUrl + want.successPath,
          cancelUrl: appUrl + want.cancelPath,
          metadata: {
            paymentId: paying.id,
            purpose: paying.purpose,
            targetId: paying.targetId,
            userId: user.id,
          },
        }),
      );
      await insertCheckout(db, {
        id: `pco_${randomUUID()}`,
        paymentId,
        provider: provider.name,
        providerCheckoutId: session.id,
        amountCents: paying.amountCents,
      });
      await updatePayment(db, paymentId, { providerCheckoutId: session.id, checkoutUrl: session.url });
      await markCheckoutsSuperseded(db, paymentId, session.id);
      return session.url;
    });
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

  /**
   * Re-reads a one-time payment's checkout session. A paid page books its payment when it is the
   * payment's current page paid in full; any other paid page is a stray charge, refunded at once.
   */
  async function syncCheckoutSession(sessionId: string, eventType?: string): Promise<void> {
    const session = await provider.getCheckoutSession(sessionId);
    if (session?.mode !== 'payment' || !session.metadata.paymentId) return;
    const payment = await findPayment(db, session.metadata.paymentId);
    if (!payment || payment.provider !== provider.name) return;
    if (session.paymentStatus === 'paid') {
      const paidCents = session.amountTotalCents ?? payment.amountCents;
      const stray = await bookCheckoutCharge(payment.id, session.id, session.paymentRef, paidCents);
      if (stray) await refundStrayCheckout(stray).catch((err) => logError('stray charge refund failed', err));
      await syncRefundsFor(session.paymentRef);
      const booked = await findPayment(db, payment.id);
      const handler = purposeHandlers.get(payment.purpose);
      const afterBooked = handler
        ? handler.afterBooked
        : (p: PaymentRow) =>
            deps.events?.emit('payment.checkout-booked', { payment: p }) ?? Promise.resolve();
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
        if (updated) await publishOutcome(updated, tx);
      });
    }
  }

  /**
   * Books the charge of one paid checkout page, once, under the payment's row lock. Returns the page's
   * row when the charge is stray (booked into suspense and owed back), so the caller refunds it.
   */
  async function bookCheckoutCharge(
    paymentId: string,
    sessionId: string,
    paymentRef: string | null,
    paidCents: number,
  ): Promise<CheckoutRow | null> {
    return inTransaction(db, async (tx) => {
      const payment = await findPaymentForUpdate(tx, paymentId);
      if (!payment) return null;
      const page = await findCheckout(tx, provider.name, { providerCheckoutId: sessionId });
      if (page?.status === 'booked' || page?.status === 'refunded') return null;
      if (page?.status === 'stray') return page;
      // Booked before pages were recorded: the payment's own reference says so.
      if (payment.status !== 'pending' && paymentRef && payment.providerPaymentRef === paymentRef)
        return null;
      const now = clock.now();
      const isCurrentPage = payment.providerCheckoutId === sessionId;
      const revivable =
        payment.status === 'pending' ||
        ((payment.status === 'canceled' || payment.status === 'failed') &&
          !(await findLivePayment(tx, payment)));
      if (isCurrentPage && revivable && paidCents === payment.amountCents) {
        await bookPayment(tx, payment, paymentRef, paidCents);
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
   * Sends a stray charge back to the payer and books the refund. The refunds the provider already made
   * for the charge (a retry after a crash) are booked first, so only what is still owed is asked for,
   * under a key naming the page's refund.
   */
  async function refundStrayCheckout(page: CheckoutRow): Promise<void> {
    if (page.status !== 'stray') return;
    if (!page.providerPaymentRef || !page.paidCents) {
      await updateCheckout(db, page.id, { refundError: 'The provider gave no charge reference to refund' });
      throw new Error(`Stray charge on checkout ${page.providerCheckoutId} has no charge reference`);
    }
    const paymentRef = page.providerPaymentRef;
    try {
      await syncRefundsFor(paymentRef);
      const owed = page.paidCents - (await sumCheckoutRefunds(db, page.id));
      if (owed <= 0) return;
      const refund = await provider.refundPayment({
        paymentRef,
        amountCents: owed,
        idempotencyKey: `stray:${page.providerCheckoutId}`,
      });
      crashPoint('payments.stray-refund.after-provider');
      await bookRefund(refund);
    } catch (err) {
      await updateCheckout(db, page.id, {
        refundError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
      });
      throw err;
    }
  }

  /** The payments job: refunds stray charges whose refund failed or was interrupted. */
  async function runStrayRefunds(): Promise<{ refunded: number }> {
    let refunded = 0;
    for (const page of await listStrayCheckouts(db, STRAY_REFUND_BATCH)) {
      try {
        await refundStrayCheckout(page);
        refunded += 1;
      } catch (err) {
        logError('stray charge refund retry failed', err);
      }
    }
    return { refunded };
  }

  /**
   * Books a successful subscription invoice: status, ledger entry and the owning domain's handler, in
   * one transaction, rolled back together so a failing handler leaves the payment to be retried.
   */
  async function markSucceeded(
    paymentId: string,
    paymentRef: string | null,
    paidCents: number,
    paidAt?: Date,
  ) {
    await inTransaction(db, async (tx) => {
      const payment = await findPaymentForUpdate(tx, paymentId);
      if (!payment || !['pending', 'failed', 'canceled'].includes(payment.status)) return;
      await bookPayment(tx, payment, paymentRef, paidCents, paidAt);
    });
  }

  /** The payment succeeded: its status, the money in the ledger, and its purpose's handler, in `tx`. */
  async function bookPayment(
    tx: Db,
    payment: PaymentRow,
    paymentRef: string | null,
    paidCents: number,
    paidAt?: Date,
  ): Promise<void> {
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
    await publishOutcome(updated, tx);
  }

  /**
   * Announces a booking to the purpose's owner; thrown inside the booking transaction when nobody
   * booked it, so the payment stays unbooked and is retried.
   */
  async function announceBooking(
    payment: PaymentRow,
    what: 'payments' | 'refunds',
    announce: (booked: () => void) => Promise<void> | undefined,
  ): Promise<void> {
    let booked = false;
    await announce(() => {
      booked = true;
    });
    if (!booked)
      throw new Error(`No ledger booking for ${payment.purpose} ${what}: its module registers none`);
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
    const strayPage = await findCheckout(db, provider.name, { providerPaymentRef: refund.paymentRef });
    if (strayPage && (strayPage.status === 'stray' || strayPage.status === 'refunded'))
      return bookStrayRefund(strayPage, refund);
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
  async function bookStrayRefund(page: CheckoutRow, refund: ProviderRefund): Promise<void> {
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
  async function refundPayment(
    paymentId: string,
    opts: { refundKey: string; amountCents?: number; failureMessage: string },
  ) {
    const found = await findPayment(db, paymentId);
    if (!found?.providerPaymentRef) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    const paymentRef = found.providerPaymentRef;
    const made = await callProvider(opts.failureMessage, () => provider.listRefunds(paymentRef));
    for (const refund of made) await bookRefund(refund);
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
    closeCheckout,
    resumeCheckout,
    getPayment,
    listPayments,
    processWebhook,
    syncCheckoutSession,
    recordSubscriptionInvoice,
    listSubscriptionPaymentsFor,
    syncRefund,
    refundPayment,
    runStrayRefunds,
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
