import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { JobQueue } from '../../../../lib/jobs.ts';
import {
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderRefund,
  type ProviderSubscription,
  WebhookSignatureError,
} from '../../payment-provider.ts';
import {
  addRefundedAmount,
  claimBrowser,
  completeSession,
  expireSession,
  expireSessions,
  findCharge,
  findCustomer,
  findEvent,
  findFirstPaidInvoice,
  findInvoice,
  findOpenInvoice,
  findPortalSession,
  findRefund,
  findRefundByKey,
  findSession,
  findSubscription,
  insertCharge,
  insertCustomer,
  insertEvent,
  insertInvoice,
  insertPortalSession,
  insertRefund,
  insertSession,
  insertSubscription,
  listDueSubscriptions,
  listEvents,
  listPastDueSubscriptions,
  listRefundsByCharge,
  listStrandedEvents,
  listSubscriptionsByCustomer,
  lockSubscription,
  markEventAttempt,
  type SandboxCustomer,
  type SandboxInvoice,
  type SandboxPortalSession,
  type SandboxRefund,
  type SandboxSession,
  type SandboxSubscription,
  updateCustomer,
  updateInvoice,
  updateSubscription,
} from './sandbox.repository.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from './sandbox-signature.ts';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
export const SANDBOX_DELIVERY_JOB = 'payments.sandbox.deliver-webhook';
export const SANDBOX_MAINTENANCE_JOB = 'payments.sandbox.maintenance';

/** The test cards printed on the sandbox checkout page; any other number is refused. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const CARD_DECLINED_MESSAGE =
  'Your card was declined. Use the success card 4242 4242 4242 4242, or choose Klarna.';
/** Days a past-due subscription is kept while its failed invoice waits for a new card. */
const PAST_DUE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Sends a signed webhook to the app: over HTTP in production, through app.inject in tests. */
export type WebhookTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number }>;

export const httpWebhookTransport: WebhookTransport = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(15_000) });
  return { statusCode: res.status };
};

export type CheckoutForm = {
  email?: string;
  method?: string;
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
};
export type CheckoutResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'error'; status: number; message: string; session: SandboxSession | undefined };
export type PortalAction = 'cancel' | 'resume' | 'refund' | 'update-card';
export type PortalView = {
  portal: SandboxPortalSession;
  customer: SandboxCustomer;
  subscription: SandboxSubscription | undefined;
  canRefund: boolean;
  expired: boolean;
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * The built-in payment provider: a real implementation of PaymentProvider that keeps its objects in
 * sandbox_* tables, serves a hosted checkout and portal page, and delivers signed webhooks to the
 * app's own webhook URL through the job queue, exactly as Stripe would.
 */
export function createSandboxProvider(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
  webhookSecret: string;
  transport: WebhookTransport;
  /** false leaves emitted events undelivered until deliverEvent is called (tests of ordering). */
  autoDeliver: boolean;
}) {
  const { db, clock, jobs, appUrl, webhookSecret } = deps;
  const now = () => clock.now();
  const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
  type Emit = (type: string, object: Record<string, unknown>) => Promise<void>;

  /** Runs `fn` in one transaction; the events it emits are queued for delivery after the commit. */
  async function withEvents<T>(fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const emit: Emit = async (type, object) => {
        const id = newId('evt');
        const created = now();
        await insertEvent(tx, {
          id,
          type,
          createdAt: created,
          payload: {
            id,
            object: 'event',
            type,
            created: Math.floor(created.getTime() / 1000),
            livemode: false,
            data: { object },
          },
        });
        ids.push(id);
      };
      return fn(tx, emit);
    });
    await queueDeliveries(ids);
    return result;
  }

  async function queueDeliveries(ids: string[]) {
    if (!deps.autoDeliver) return;
    for (const eventId of ids) await jobs.send(SANDBOX_DELIVERY_JOB, { eventId }, { retryLimit: 8 });
  }

  /** The delivery job: signs the stored event and posts it; a non-2xx answer throws so the queue retries. */
  async function deliverEvent(eventId: string): Promise<void> {
    const event = await findEvent(db, eventId);
    if (!event || event.deliveredAt) return;
    const body = JSON.stringify(event.payload);
    const signature = signSandboxPayload(webhookSecret, body, Math.floor(now().getTime() / 1000));
    let statusCode: number;
    try {
      ({ statusCode } = await deps.transport(appUrl + SANDBOX_WEBHOOK_PATH, body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signature,
      }));
    } catch (err) {
      await markEventAttempt(db, eventId, { delivered: false, error: String(err) });
      throw err;
    }
    const delivered = statusCode >= 200 && statusCode < 300;
    await markEventAttempt(db, eventId, { delivered, error: delivered ? undefined : `HTTP ${statusCode}` });
    if (!delivered) throw new Error(`Webhook endpoint answered HTTP ${statusCode} for ${eventId}`);
  }

  /** Signs a body the way deliveries are signed (tests use it to post events themselves). */
  function signPayload(body: string, at: Date = now()): string {
    return signSandboxPayload(webhookSecret, body, Math.floor(at.getTime() / 1000));
  }

  // ---- PaymentProvider -------------------------------------------------------------------------

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createCustomer(input) {
      const created = await insertCustomer(db, {
        id: newId('cus'),
        email: input.email,
        name: input.name,
        metadata: { userId: input.userId },
      });
      return { id: created.id };
    },

    async createSubscriptionCheckout(input) {
      const session = await insertSession(db, {
        id: newId('cs'),
        mode: 'subscription',
        customerId: input.customerId,
        productName: input.productName,
        amountCents: input.priceCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: { ...input.metadata, userId: input.userId },
        expiresAt: new Date(now().getTime() + DAY_MS),
      });
      return { id: session.id, url: checkoutUrl(session.id) };
    },

    async createPaymentCheckout(input) {
      const session = await insertSession(db, {
        id: newId('cs'),
        mode: 'payment',
        customerId: input.customerId,
        productName: input.description,
        amountCents: input.amountCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        expiresAt: new Date(now().getTime() + DAY_MS),
      });
      return { id: session.id, url: checkoutUrl(session.id) };
    },

    async createPortalSession(input) {
      const portal = await insertPortalSession(db, {
        id: newId('bps'),
        customerId: input.customerId,
        returnUrl: input.returnUrl,
        refundableUntil: input.refundableUntil,
        expiresAt: new Date(now().getTime() + 60 * 60_000),
      });
      return { url: `${appUrl}/sandbox/portal/${portal.id}` };
    },

    async verifyWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verifySandboxSignature(
        webhookSecret,
        rawBody,
        Array.isArray(header) ? header[0] : header,
        Math.floor(now().getTime() / 1000),
      );
      let parsed: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: { id?: unknown } } };
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('Webhook payload is not JSON');
      }
      const objectId = parsed.data?.object?.id;
      if (typeof parsed.id !== 'string' || typeof parsed.type !== 'string' || typeof objectId !== 'string')
        throw new WebhookSignatureError('Webhook payload is not an event');
      return {
        id: parsed.id,
        type: parsed.type,
        objectId,
        created: new Date(Number(parsed.created) * 1000),
      };
    },

    async getCheckoutSession(id) {
      const session = await findSession(db, id);
      return session ? await toProviderSession(session) : null;
    },

    async expireCheckoutSession(id) {
      await withEvents(async (tx, emit) => {
        const expired = await expireSession(tx, id);
        if (expired) await emit('checkout.session.expired', sessionObject(expired));
      });
      return provider.getCheckoutSession(id);
    },

    async getSubscription(id) {
      const sub = await findSubscription(db, id);
      return sub ? toProviderSubscription(sub) : null;
    },

    async getInvoice(id) {
      const invoice = await findInvoice(db, id);
      return invoice ? toProviderInvoice(invoice) : null;
    },

    async getRefund(id) {
      const refund = await findRefund(db, id);
      return refund ? toProviderRefund(refund) : null;
    },

    async listRefunds(paymentRef) {
      return (await listRefundsByCharge(db, paymentRef)).map(toProviderRefund);
    },

    async refundPayment(input) {
      const existing = await findRefundByKey(db, input.idempotencyKey);
      if (existing) return toProviderRefund(existing);
      return withEvents(async (tx, emit) => {
        const refund = await refundCharge(
          tx,
          emit,
          input.paymentRef,
          input.amountCents,
          input.idempotencyKey,
        );
        return toProviderRefund(refund);
      });
    },

    async cancelSubscriptionNow(id) {
      await withEvents(async (tx, emit) => {
        await endSubscription(tx, emit, id, now());
      });
    },
  };

  // ---- hosted checkout -------------------------------------------------------------------------

  async function getCheckoutView(id: string) {
    const session = await findSession(db, id);
    if (!session) return undefined;
    const customer = await findCustomer(db, session.customerId);
    return {
      session: { ...session, status: effectiveStatus(session) },
      customerEmail: customer?.email ?? '',
    };
  }

  /** The "Pay" button: validates the test card, then completes the session and emits its events. */
  async function completeCheckout(id: string, form: CheckoutForm): Promise<CheckoutResult> {
    const session = await findSession(db, id);
    if (!session)
      return { kind: 'error', status: 404, message: 'This checkout session does not exist.', session };
    if (session.status === 'complete') return { kind: 'redirect', url: successUrlOf(session) };
    if (effectiveStatus(session) !== 'open')
      return {
        kind: 'error',
        status: 410,
        message: 'This checkout session has expired. Please start again.',
        session,
      };
    const email = (form.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return { kind: 'error', status: 400, message: 'Enter the email address for your receipt.', session };
    const method = form.method === 'klarna' ? 'klarna' : 'card';
    let cardLast4: string | null = null;
    if (method === 'card') {
      const card = checkTestCard(form);
      if (!card.ok) return { kind: 'error', status: 400, message: card.message, session };
      cardLast4 = card.last4;
      if (card.declines) {
        await insertCharge(db, {
          id: newId('ch'),
          customerId: session.customerId,
          amountCents: session.amountCents,
          status: 'failed',
          paymentMethod: 'card',
          cardLast4,
          failureMessage: 'card_declined',
        });
        return { kind: 'error', status: 402, message: CARD_DECLINED_MESSAGE, session };
      }
    }

    await withEvents(async (tx, emit) => {
      const at = now();
      const chargeId = newId('ch');
      const subscriptionId = session.mode === 'subscription' ? newId('sub') : null;
      const completed = await completeSession(tx, session.id, {
        paymentStatus: 'paid',
        chargeId,
        subscriptionId,
        completedAt: at,
      });
      if (!completed) return; // a concurrent submit completed it first
      await updateCustomer(tx, session.customerId, { paymentMethod: method, cardLast4, cardDeclines: false });
      await insertCharge(tx, {
        id: chargeId,
        customerId: session.customerId,
        amountCents: session.amountCents,
        status: 'succeeded',
        paymentMethod: method,
        cardLast4,
        createdAt: at,
      });
      if (subscriptionId) {
        const sub = await insertSubscription(tx, {
          id: subscriptionId,
          customerId: session.customerId,
          status: 'active',
          productName: session.productName,
          priceCents: session.amountCents,
          currentPeriodStart: at,
          currentPeriodEnd: addMonthsUtc(at, 1),
          metadata: session.metadata,
          createdAt: at,
        });
        const invoice = await insertInvoice(tx, {
          id: newId('in'),
          customerId: session.customerId,
          subscriptionId,
          status: 'paid',
          billingReason: 'subscription_create',
          amountCents: session.amountCents,
          chargeId,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          createdAt: at,
          paidAt: at,
        });
        await emit('customer.subscription.created', subscriptionObject(sub));
        await emit('invoice.paid', invoiceObject(invoice));
      }
      await emit('checkout.session.completed', sessionObject(completed));
    });
    return { kind: 'redirect', url: successUrlOf(session) };
  }

  /** "Cancel and return": the session stays open (as at Stripe) and the browser goes to cancel_url. */
  async function cancelUrlOf(id: string): Promise<string | undefined> {
    return (await findSession(db, id))?.cancelUrl;
  }

  // ---- hosted portal ---------------------------------------------------------------------------

  async function getPortalView(id: string): Promise<PortalView | undefined> {
    const portal = await findPortalSession(db, id);
    if (!portal) return undefined;
    const customer = await findCustomer(db, portal.customerId);
    if (!customer) return undefined;
    const subs = await listSubscriptionsByCustomer(db, customer.id);
    const subscription = subs.find((s) => s.status !== 'canceled') ?? subs[0];
    const canRefund = Boolean(
      subscription &&
        subscription.status !== 'canceled' &&
        portal.refundableUntil &&
        portal.refundableUntil.getTime() > now().getTime(),
    );
    return {
      portal,
      customer,
      subscription,
      canRefund,
      expired: portal.expiresAt.getTime() <= now().getTime(),
    };
  }

  /** Applies a portal action; returns the notice to show, or an error message. */
  async function applyPortalAction(
    id: string,
    action: PortalAction,
    form: CheckoutForm = {},
  ): Promise<{ ok: true; notice: string } | { ok: false; status: number; message: string }> {
    const view = await getPortalView(id);
    if (!view) return { ok: false, status: 404, message: 'This portal session does not exist.' };
    if (view.expired)
      return {
        ok: false,
        status: 410,
        message: 'This portal link has expired. Return to Recytrade and open it again.',
      };
    const sub = view.subscription;
    if (action === 'update-card') {
      const card = checkTestCard(form);
      if (!card.ok) return { ok: false, status: 400, message: card.message };
      await updateCustomer(db, view.customer.id, {
        paymentMethod: 'card',
        cardLast4: card.last4,
        cardDeclines: card.declines,
      });
      if (sub?.status === 'past_due' && !card.declines) await retryOpenInvoice(sub.id);
      return { ok: true, notice: `Card ending in ${card.last4} saved.` };
    }
    if (!sub || sub.status === 'canceled')
      return { ok: false, status: 409, message: 'There is no active subscription.' };
    if (action === 'cancel') {
      if (sub.cancelAtPeriodEnd) return { ok: true, notice: 'Your subscription is already set to end.' };
      await withEvents(async (tx, emit) => {
        const updated = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: true, canceledAt: now() });
        await emit('customer.subscription.updated', subscriptionObject(updated));
      });
      return { ok: true, notice: `Your plan will end on ${formatDate(sub.currentPeriodEnd)}.` };
    }
    if (action === 'resume') {
      if (!sub.cancelAtPeriodEnd) return { ok: true, notice: 'Your subscription is active.' };
      await withEvents(async (tx, emit) => {
        const updated = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: false, canceledAt: null });
        await emit('customer.subscription.updated', subscriptionObject(updated));
      });
      return { ok: true, notice: 'Your subscription has been resumed.' };
    }
    // action === 'refund': the money-back guarantee the app allowed when it opened this portal.
    if (!view.canRefund)
      return {
        ok: false,
        status: 409,
        message: 'The 7-day money-back guarantee has ended for this subscription.',
      };
    const invoice = await findFirstPaidInvoice(db, sub.id);
    await withEvents(async (tx, emit) => {
      if (invoice?.chargeId) {
        const charge = await findCharge(tx, invoice.chargeId);
        const remaining = charge ? charge.amountCents - charge.amountRefundedCents : 0;
        if (remaining > 0) await refundCharge(tx, emit, invoice.chargeId, remaining, `money-back:${sub.id}`);
      }
      await endSubscription(tx, emit, sub.id, now());
    });
    return { ok: true, notice: 'Your subscription was cancelled and your payment refunded.' };
  }

  // ---- scheduled work --------------------------------------------------------------------------

  /**
   * Renews subscriptions whose period ended (a paid or failed invoice), ends those cancelled at
   * period end, cancels past-due ones after PAST_DUE_DAYS, expires day-old checkouts and re-queues
   * events that were never handed to the queue. Runs every minute; safe to run on every instance.
   */
  async function runMaintenance(): Promise<void> {
    const at = now();
    const expired = await expireSessions(db, at);
    if (expired.length) {
      await withEvents(async (_tx, emit) => {
        for (const s of expired) await emit('checkout.session.expired', sessionObject(s));
      });
    }
    for (let pass = 0; pass < 24; pass++) {
      const due = await listDueSubscriptions(db, at);
      if (due.length === 0) break;
      for (const sub of due) await renewOrEnd(sub.id, at);
    }
    for (const sub of await listPastDueSubscriptions(db)) {
      const open = await findOpenInvoice(db, sub.id);
      if (open && at.getTime() - open.createdAt.getTime() >= PAST_DUE_DAYS * DAY_MS) {
        await withEvents((tx, emit) => endSubscription(tx, emit, sub.id, at));
      }
    }
    const stranded = await listStrandedEvents(db, new Date(at.getTime() - 60_000));
    await queueDeliveries(stranded.map((e) => e.id));
  }

  async function renewOrEnd(subscriptionId: string, at: Date) {
    await withEvents(async (tx, emit) => {
      const sub = await lockSubscription(tx, subscriptionId);
      if (!sub || sub.status === 'canceled' || sub.currentPeriodEnd.getTime() > at.getTime()) return;
      if (sub.cancelAtPeriodEnd || sub.status === 'past_due') {
        await endSubscription(tx, emit, sub.id, sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : at);
        return;
      }
      const customer = await findCustomer(tx, sub.customerId);
      const periodStart = sub.currentPeriodEnd;
      const periodEnd = addMonthsUtc(periodStart, 1);
      const declines = !customer || customer.cardDeclines;
      const chargeId = newId('ch');
      await insertCharge(tx, {
        id: chargeId,
        customerId: sub.customerId,
        amountCents: sub.priceCents,
        status: declines ? 'failed' : 'succeeded',
        paymentMethod: customer?.paymentMethod ?? 'card',
        cardLast4: customer?.cardLast4,
        failureMessage: declines ? 'card_declined' : null,
        createdAt: at,
      });
      const invoice = await insertInvoice(tx, {
        id: newId('in'),
        customerId: sub.customerId,
        subscriptionId: sub.id,
        status: declines ? 'open' : 'paid',
        billingReason: 'subscription_cycle',
        amountCents: sub.priceCents,
        chargeId: declines ? null : chargeId,
        periodStart,
        periodEnd,
        createdAt: at,
        paidAt: declines ? null : at,
      });
      const updated = await updateSubscription(tx, sub.id, {
        status: declines ? 'past_due' : 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
      });
      await emit(declines ? 'invoice.payment_failed' : 'invoice.paid', invoiceObject(invoice));
      await emit('customer.subscription.updated', subscriptionObject(updated));
    });
  }

  /** Pays a past-due subscription's open invoice with the card just saved in the portal. */
  async function retryOpenInvoice(subscriptionId: string) {
    await withEvents(async (tx, emit) => {
      const sub = await lockSubscription(tx, subscriptionId);
      const invoice = sub && (await findOpenInvoice(tx, sub.id));
      if (!sub || !invoice) return;
      const customer = await findCustomer(tx, sub.customerId);
      const chargeId = newId('ch');
      const at = now();
      await insertCharge(tx, {
        id: chargeId,
        customerId: sub.customerId,
        amountCents: invoice.amountCents,
        status: 'succeeded',
        paymentMethod: 'card',
        cardLast4: customer?.cardLast4,
        createdAt: at,
      });
      const paid = await updateInvoice(tx, invoice.id, { status: 'paid', chargeId, paidAt: at });
      const updated = await updateSubscription(tx, sub.id, { status: 'active' });
      await emit('invoice.paid', invoiceObject(paid));
      await emit('customer.subscription.updated', subscriptionObject(updated));
    });
  }

  async function refundCharge(tx: Db, emit: Emit, chargeId: string, amountCents: number, key: string) {
    const charge = await findCharge(tx, chargeId);
    if (charge?.status !== 'succeeded') throw new Error(`No succeeded sandbox charge ${chargeId}`);
    if (
      !Number.isSafeInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > charge.amountCents - charge.amountRefundedCents
    )
      throw new Error(`Refund of ${amountCents} cents exceeds what is left on ${chargeId}`);
    const refund = await insertRefund(tx, {
      id: newId('re'),
      chargeId,
      amountCents,
      idempotencyKey: key,
      createdAt: now(),
    });
    if (!refund) {
      const existing = await findRefundByKey(tx, key);
      if (!existing) throw new Error('Sandbox refund vanished after a conflicting insert');
      return existing;
    }
    await addRefundedAmount(tx, chargeId, amountCents);
    await emit('refund.created', refundObject(refund));
    return refund;
  }

  async function endSubscription(tx: Db, emit: Emit, id: string, endedAt: Date) {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.status === 'canceled') return;
    const open = await findOpenInvoice(tx, id);
    if (open) await updateInvoice(tx, open.id, { status: 'void' });
    const updated = await updateSubscription(tx, id, {
      status: 'canceled',
      endedAt,
      canceledAt: sub.canceledAt ?? now(),
    });
    await emit('customer.subscription.deleted', subscriptionObject(updated));
  }

  // ---- mapping ---------------------------------------------------------------------------------

  const checkoutUrl = (id: string) => `${appUrl}/sandbox/checkout/${id}`;
  const successUrlOf = (s: SandboxSession) => s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id);
  const effectiveStatus = (s: SandboxSession): SandboxSession['status'] =>
    s.status === 'open' && s.expiresAt.getTime() <= now().getTime() ? 'expired' : s.status;

  async function toProviderSession(s: SandboxSession): Promise<ProviderCheckoutSession> {
    const status = effectiveStatus(s);
    const invoice = s.subscriptionId ? await findFirstPaidInvoice(db, s.subscriptionId) : undefined;
    return {
      id: s.id,
      mode: s.mode,
      status,
      paymentStatus: s.paymentStatus,
      customerId: s.customerId,
      subscriptionId: s.subscriptionId,
      paymentRef: s.chargeId,
      invoiceId: invoice?.id ?? null,
      amountTotalCents: s.amountCents,
      url: status === 'open' ? checkoutUrl(s.id) : null,
      metadata: s.metadata,
    };
  }

  return {
    ...provider,
    /** Binds a hosted page to the first browser that opens it (see lib/bearer-link.ts). */
    claimBrowser: (kind: 'checkout' | 'portal', id: string, keyHash: string) =>
      claimBrowser(db, kind, id, keyHash),
    signPayload,
    deliverEvent,
    listEvents: (opts?: { undeliveredOnly?: boolean }) => listEvents(db, opts),
    getCheckoutView,
    completeCheckout,
    cancelUrlOf,
    getPortalView,
    applyPortalAction,
    runMaintenance,
  };
}

function toProviderSubscription(s: SandboxSubscription): ProviderSubscription {
  return {
    id: s.id,
    customerId: s.customerId,
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    canceledAt: s.canceledAt,
    endedAt: s.endedAt,
    priceCents: s.priceCents,
    metadata: s.metadata,
  };
}

function toProviderInvoice(i: SandboxInvoice): ProviderInvoice {
  return {
    id: i.id,
    customerId: i.customerId,
    subscriptionId: i.subscriptionId,
    status: i.status,
    amountDueCents: i.amountCents,
    amountPaidCents: i.status === 'paid' ? i.amountCents : 0,
    paidAt: i.paidAt,
    paymentRef: i.chargeId,
    billingReason: i.billingReason,
  };
}

function toProviderRefund(r: SandboxRefund): ProviderRefund {
  return { id: r.id, paymentRef: r.chargeId, amountCents: r.amountCents, status: 'succeeded' };
}

// Event bodies carry a snapshot like Stripe's; the app only reads the id and re-fetches.
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const subscriptionObject = (s: SandboxSubscription) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customerId,
  status: s.status,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  current_period_start: unix(s.currentPeriodStart),
  current_period_end: unix(s.currentPeriodEnd),
  canceled_at: unix(s.canceledAt),
  ended_at: unix(s.endedAt),
  metadata: s.metadata,
});
const invoiceObject = (i: SandboxInvoice) => ({
  id: i.id,
  object: 'invoice',
  customer: i.customerId,
  subscription: i.subscriptionId,
  status: i.status,
  amount_due: i.amountCents,
  amount_paid: i.status === 'paid' ? i.amountCents : 0,
  billing_reason: i.billingReason,
});
const sessionObject = (s: SandboxSession) => ({
  id: s.id,
  object: 'checkout.session',
  mode: s.mode,
  status: s.status,
  payment_status: s.paymentStatus,
  customer: s.customerId,
  subscription: s.subscriptionId,
  amount_total: s.amountCents,
  metadata: s.metadata,
});
const refundObject = (r: SandboxRefund) => ({
  id: r.id,
  object: 'refund',
  charge: r.chargeId,
  amount: r.amountCents,
  status: 'succeeded',
});

/** Same day next month, clamped to the month's last day (Jan 31 → Feb 28), in UTC. */
export function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

export function formatDate(d: Date): string {
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Checks a test card the way a real form would: known number, valid future expiry, CVC. */
function checkTestCard(
  form: CheckoutForm,
): { ok: true; last4: string; declines: boolean } | { ok: false; message: string } {
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!number) return { ok: false, message: 'Enter a card number.' };
  if (number !== SANDBOX_TEST_CARDS.success && number !== SANDBOX_TEST_CARDS.declined)
    return { ok: false, message: 'This is a sandbox: use one of the test cards listed on this page.' };
  const expiry = (form.expiry ?? '').trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    return { ok: false, message: 'Enter the expiry date as MM/YY.' };
  const endOfExpiryMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  if (endOfExpiryMonth <= Date.now()) return { ok: false, message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim()))
    return { ok: false, message: 'Enter the 3-digit security code (CVC).' };
  return { ok: true, last4: number.slice(-4), declines: number === SANDBOX_TEST_CARDS.declined };
}
