import type { PaymentProvider } from '../../payment-provider.ts';
import { WebhookSignatureError } from '../../payment-provider.ts';
import {
  claimBrowser,
  expireSession,
  findInvoice,
  findRefund,
  findRefundByKey,
  findSession,
  findSubscription,
  insertCustomer,
  insertPortalSession,
  insertSession,
  listEvents,
  listRefundsByCharge,
} from './sandbox.repository.ts';
import { createSandboxCheckout } from './sandbox-checkout.ts';
import { createSandboxEvents, type SandboxDeps } from './sandbox-events.ts';
import {
  newSandboxId,
  sessionObject,
  toProviderInvoice,
  toProviderRefund,
  toProviderSubscription,
} from './sandbox-objects.ts';
import { createSandboxPortal } from './sandbox-portal.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature.ts';
import { createSandboxSubscriptions } from './sandbox-subscriptions.ts';

export { CARD_DECLINED_MESSAGE, type CheckoutForm } from './sandbox-cards.ts';
export {
  httpWebhookTransport,
  SANDBOX_DELIVERY_JOB,
  SANDBOX_WEBHOOK_PATH,
  type WebhookTransport,
} from './sandbox-events.ts';
export { addMonthsUtc, formatDate } from './sandbox-objects.ts';
export type { PortalAction, PortalView } from './sandbox-portal.ts';

export const SANDBOX_MAINTENANCE_JOB = 'payments.sandbox.maintenance';
const DAY_MS = 86_400_000;

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * The built-in payment provider: a real implementation of PaymentProvider that keeps its objects in
 * sandbox_* tables, serves a hosted checkout and portal page, and delivers signed webhooks to the
 * app's own webhook URL through the job queue, exactly as Stripe would. Its parts: the webhooks
 * (sandbox-events), the hosted checkout (sandbox-checkout) and portal (sandbox-portal), the
 * subscriptions' money over time (sandbox-subscriptions) and the objects as Stripe shapes them
 * (sandbox-objects).
 */
export function createSandboxProvider(deps: SandboxDeps) {
  const { db, clock, appUrl, webhookSecret } = deps;
  const now = () => clock.now();
  const events = createSandboxEvents(deps);
  const { withEvents } = events;
  const subscriptions = createSandboxSubscriptions(deps, events);
  const checkout = createSandboxCheckout(deps, events);
  const portal = createSandboxPortal(deps, { events, subscriptions });

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createCustomer(input) {
      const created = await insertCustomer(db, {
        id: newSandboxId('cus'),
        email: input.email,
        name: input.name,
        metadata: { userId: input.userId },
      });
      return { id: created.id };
    },

    async createSubscriptionCheckout(input) {
      const session = await insertSession(db, {
        id: newSandboxId('cs'),
        mode: 'subscription',
        customerId: input.customerId,
        productName: input.productName,
        amountCents: input.priceCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: { ...input.metadata, userId: input.userId },
        expiresAt: new Date(now().getTime() + DAY_MS),
      });
      return { id: session.id, url: checkout.checkoutUrl(session.id) };
    },

    async createPaymentCheckout(input) {
      const session = await insertSession(db, {
        id: newSandboxId('cs'),
        mode: 'payment',
        customerId: input.customerId,
        productName: input.description,
        amountCents: input.amountCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        expiresAt: new Date(now().getTime() + DAY_MS),
      });
      return { id: session.id, url: checkout.checkoutUrl(session.id) };
    },

    async createPortalSession(input) {
      const created = await insertPortalSession(db, {
        id: newSandboxId('bps'),
        customerId: input.customerId,
        returnUrl: input.returnUrl,
        refundableUntil: input.refundableUntil,
        expiresAt: new Date(now().getTime() + 60 * 60_000),
      });
      return { url: `${appUrl}/sandbox/portal/${created.id}` };
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
      return session ? await checkout.toProviderSession(session) : null;
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
        const refund = await subscriptions.refundCharge(
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
        await subscriptions.endSubscription(tx, emit, id, now());
      });
    },
  };

  return {
    ...provider,
    /** Binds a hosted page to the first browser that opens it (see lib/bearer-link.ts). */
    claimBrowser: (kind: 'checkout' | 'portal', id: string, keyHash: string) =>
      claimBrowser(db, kind, id, keyHash),
    signPayload: events.signPayload,
    deliverEvent: events.deliverEvent,
    listEvents: (opts?: { undeliveredOnly?: boolean }) => listEvents(db, opts),
    getCheckoutView: checkout.getCheckoutView,
    completeCheckout: checkout.completeCheckout,
    cancelUrlOf: checkout.cancelUrlOf,
    getPortalView: portal.getPortalView,
    applyPortalAction: portal.applyPortalAction,
    runMaintenance: subscriptions.runMaintenance,
  };
}
