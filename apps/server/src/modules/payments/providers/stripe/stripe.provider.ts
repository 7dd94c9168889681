import type Stripe from 'stripe';
import {
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderRefund,
  type ProviderSubscription,
  WebhookSignatureError,
} from '../../payment-provider.ts';

export type StripeProviderConfig = {
  secretKey: string;
  webhookSecret: string;
  /** A recurring Price for Premium; without it the price is sent inline from our settings. */
  premiumPriceId?: string;
  /** Replaces the SDK's network client (tests capture requests with it). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
};

const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe behind PaymentProvider: Checkout Sessions, the Billing portal and SDK-verified webhooks. */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  // The SDK (some 25 MB once loaded) is imported at the first call, so a server on the sandbox never loads it.
  let client: Promise<Stripe> | undefined;
  const sdk = () => {
    client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(config.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(config.httpClient ? { httpClient: config.httpClient } : {}),
        }),
    );
    return client;
  };

  /** A retrieve that answers null for an object Stripe does not have. */
  async function orNull<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  return {
    name: 'stripe',

    async createCustomer(input) {
      const stripe = await sdk();
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name, metadata: { userId: input.userId } },
        { idempotencyKey: `customer:${input.userId}` },
      );
      return { id: customer.id };
    },

    async createSubscriptionCheckout(input) {
      const stripe = await sdk();
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = config.premiumPriceId
        ? { price: config.premiumPriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: input.priceCents,
              recurring: { interval: 'month' },
              product_data: { name: input.productName },
            },
          };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [lineItem],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPaymentCheckout(input) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer: input.customerId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        payment_intent_data: { metadata: input.metadata },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(input) {
      const stripe = await sdk();
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      });
      return { url: session.url };
    },

    async verifyWebhook(rawBody, headers) {
      const stripe = await sdk();
      const signature = headers['stripe-signature'];
      if (!signature) throw new WebhookSignatureError('Missing webhook signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid webhook signature');
      }
      const objectId = (event.data.object as { id?: string }).id;
      if (!objectId) throw new WebhookSignatureError('Webhook event has no object id');
      return { id: event.id, type: event.type, objectId, created: new Date(event.created * 1000) };
    },

    async getCheckoutSession(id) {
      const stripe = await sdk();
      const s = await orNull(() => stripe.checkout.sessions.retrieve(id));
      if (!s) return null;
      return {
        id: s.id,
        mode: s.mode === 'subscription' ? 'subscription' : 'payment',
        status: (s.status ?? 'open') as ProviderCheckoutSession['status'],
        paymentStatus: s.payment_status as ProviderCheckoutSession['paymentStatus'],
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        paymentRef: idOf(s.payment_intent),
        invoiceId: idOf(s.invoice),
        amountTotalCents: s.amount_total,
        url: s.url,
        metadata: (s.metadata ?? {}) as Record<string, string>,
      };
    },

    async expireCheckoutSession(id) {
      const stripe = await sdk();
      const s = await orNull(() => stripe.checkout.sessions.retrieve(id));
      if (s?.status === 'open') {
        try {
          await stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire:${id}` });
        } catch (err) {
          // Completed a moment ago: Stripe refuses to expire it; the re-read below tells what happened.
          if ((err as { statusCode?: number }).statusCode !== 400) throw err;
        }
      }
      return this.getCheckoutSession(id);
    },

    async getSubscription(id) {
      const stripe = await sdk();
      const s = await orNull(() => stripe.subscriptions.retrieve(id));
      if (!s) return null;
      // Since API 2025-03-31 the billing period lives on the subscription items.
      const item = s.items.data[0];
      const sub: ProviderSubscription = {
        id: s.id,
        customerId: idOf(s.customer) ?? '',
        status: s.status,
        cancelAtPeriodEnd: s.cancel_at_period_end,
        currentPeriodStart: date(item?.current_period_start),
        currentPeriodEnd: date(item?.current_period_end),
        canceledAt: date(s.canceled_at),
        endedAt: date(s.ended_at),
        priceCents: item?.price?.unit_amount ?? null,
        metadata: (s.metadata ?? {}) as Record<string, string>,
      };
      return sub;
    },

    async getInvoice(id) {
      const stripe = await sdk();
      const i = await orNull(() => stripe.invoices.retrieve(id, { expand: ['payments'] }));
      if (!i?.id) return null;
      const paid = i.payments?.data.find((p) => p.status === 'paid') ?? i.payments?.data[0];
      const invoice: ProviderInvoice = {
        id: i.id,
        customerId: idOf(i.customer),
        subscriptionId: idOf(i.parent?.subscription_details?.subscription),
        status: i.status ?? 'draft',
        amountDueCents: i.amount_due,
        amountPaidCents: i.amount_paid,
        paidAt: date(i.status_transitions?.paid_at),
        paymentRef: idOf(paid?.payment.payment_intent) ?? idOf(paid?.payment.charge),
        billingReason: i.billing_reason,
      };
      return invoice;
    },

    async getRefund(id) {
      const stripe = await sdk();
      const r = await orNull(() => stripe.refunds.retrieve(id));
      return r ? toRefund(r) : null;
    },

    async listRefunds(paymentRef) {
      const stripe = await sdk();
      const list = await stripe.refunds.list({
        ...(paymentRef.startsWith('ch_') ? { charge: paymentRef } : { payment_intent: paymentRef }),
        limit: 100,
      });
      return list.data.map(toRefund);
    },

    async refundPayment(input) {
      const stripe = await sdk();
      const ref = input.paymentRef;
      const r = await stripe.refunds.create(
        {
          ...(ref.startsWith('ch_') ? { charge: ref } : { payment_intent: ref }),
          amount: input.amountCents,
          reason: 'requested_by_customer',
          metadata: { [REFUND_KEY_METADATA]: input.idempotencyKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(r);
    },

    async cancelSubscriptionNow(id) {
      const stripe = await sdk();
      await stripe.subscriptions.cancel(id);
    },
  };
}

/** Stripe forgets an idempotency key after a day; the refund's metadata keeps the app's name for it. */
const REFUND_KEY_METADATA = 'recytrade_refund_key';

function toRefund(r: Stripe.Refund): ProviderRefund {
  return {
    id: r.id,
    paymentRef: idOf(r.payment_intent) ?? idOf(r.charge),
    amountCents: r.amount,
    status: r.status ?? 'pending',
    requestKey: r.metadata?.[REFUND_KEY_METADATA] ?? null,
  };
}
