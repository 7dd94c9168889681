import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../payment-provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

type Captured = { method: string; url: URL; form: URLSearchParams; headers: Headers };

/** A fetch that never leaves the process: records each request and answers with a canned object. */
function fakeStripe(respond: (req: Captured) => unknown) {
  const requests: Captured[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const req: Captured = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      headers: new Headers(init?.headers),
    };
    requests.push(req);
    return new Response(JSON.stringify(respond(req)), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  }) as typeof fetch;
  const provider = createStripeProvider({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(fetchFn),
  });
  return { provider, requests };
}

const signedEvent = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
};

describe('the Stripe adapter: webhooks', () => {
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    created: 1_767_225_600,
    data: { object: { id: 'sub_123', object: 'subscription' } },
  };

  it("accepts an event signed with the endpoint secret, using the SDK's own test signature", async () => {
    const { provider } = fakeStripe(() => ({}));
    const { payload, header } = signedEvent(event);
    await expect(provider.verifyWebhook(payload, { 'stripe-signature': header })).resolves.toEqual({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      objectId: 'sub_123',
      created: new Date(1_767_225_600 * 1000),
    });
  });

  it('refuses a wrong secret, a tampered body and a missing header', async () => {
    const { provider } = fakeStripe(() => ({}));
    const forged = signedEvent(event, 'whsec_someone_else');
    await expect(
      provider.verifyWebhook(forged.payload, { 'stripe-signature': forged.header }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    const good = signedEvent(event);
    await expect(
      provider.verifyWebhook(good.payload.replace('sub_123', 'sub_999'), { 'stripe-signature': good.header }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.verifyWebhook(good.payload, {})).rejects.toThrow('Missing webhook signature');
  });
});

describe('the Stripe adapter: requests', () => {
  it('expires an open Checkout Session, and only re-reads one that is already complete', async () => {
    const session = (status: string, paid: boolean) => ({
      id: 'cs_test_9',
      object: 'checkout.session',
      mode: 'payment',
      status,
      payment_status: paid ? 'paid' : 'unpaid',
      payment_intent: paid ? 'pi_9' : null,
      amount_total: 103_000,
      url: null,
      metadata: { paymentId: 'pay_1' },
    });
    let status = 'open';
    const open = fakeStripe((req) => {
      if (req.method === 'POST' && req.url.pathname.endsWith('/expire')) status = 'expired';
      return session(status, false);
    });
    await expect(open.provider.expireCheckoutSession('cs_test_9')).resolves.toMatchObject({
      id: 'cs_test_9',
      status: 'expired',
      paymentStatus: 'unpaid',
    });
    const expire = open.requests.find((r) => r.method === 'POST');
    expect(expire?.url.pathname).toBe('/v1/checkout/sessions/cs_test_9/expire');
    expect(expire?.headers.get('idempotency-key')).toBe('expire:cs_test_9');

    const paid = fakeStripe(() => session('complete', true));
    await expect(paid.provider.expireCheckoutSession('cs_test_9')).resolves.toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentRef: 'pi_9',
    });
    expect(paid.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('creates a subscription Checkout Session with the price inline from our settings', async () => {
    const { provider, requests } = fakeStripe(() => ({
      id: 'cs_test_1',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    }));
    const session = await provider.createSubscriptionCheckout({
      customerId: 'cus_1',
      userId: 'user_1',
      productName: 'Recytrade Premium',
      priceCents: 4900,
      successUrl: 'https://app.test/dashboard?success=true',
      cancelUrl: 'https://app.test/dashboard?canceled=true',
      metadata: { userId: 'user_1', plan: 'premium' },
    });
    expect(session).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method).toBe('POST');
    expect(`${req.url.origin}${req.url.pathname}`).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(req.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'user_1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Recytrade Premium',
      success_url: 'https://app.test/dashboard?success=true',
      cancel_url: 'https://app.test/dashboard?canceled=true',
      'metadata[userId]': 'user_1',
      'subscription_data[metadata][plan]': 'premium',
    });
  });

  it('uses the configured Price when STRIPE_PREMIUM_PRICE_ID is set', async () => {
    const requests: Captured[] = [];
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({
        method: init?.method ?? 'GET',
        url: new URL(String(input)),
        form: new URLSearchParams(String(init?.body ?? '')),
        headers: new Headers(init?.headers),
      });
      return new Response(
        JSON.stringify({ id: 'cs_2', object: 'checkout.session', url: 'https://c.test/2' }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof fetch;
    const provider = createStripeProvider({
      secretKey: 'sk_test_123',
      webhookSecret: WEBHOOK_SECRET,
      premiumPriceId: 'price_premium',
      httpClient: Stripe.createFetchHttpClient(fetchFn),
    });
    await provider.createSubscriptionCheckout({
      customerId: 'cus_1',
      userId: 'u',
      productName: 'Recytrade Premium',
      priceCents: 4900,
      successUrl: 'https://a.test/s',
      cancelUrl: 'https://a.test/c',
      metadata: {},
    });
    expect(requests[0].form.get('line_items[0][price]')).toBe('price_premium');
    expect(requests[0].form.has('line_items[0][price_data][unit_amount]')).toBe(false);
  });

  it('creates one-time payment sessions, portal sessions and refunds with the expected shapes', async () => {
    const { provider, requests } = fakeStripe((req) => {
      if (req.url.pathname === '/v1/billing_portal/sessions')
        return { id: 'bps_1', url: 'https://billing.stripe.com/p/1' };
      if (req.url.pathname === '/v1/refunds')
        return {
          id: 're_1',
          object: 'refund',
          amount: 1000,
          status: 'succeeded',
          payment_intent: 'pi_1',
          charge: 'ch_1',
          metadata: { recytrade_refund_key: 'escrow-payment:ep_1' },
        };
      return { id: 'cs_3', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_3' };
    });
    await provider.createPaymentCheckout({
      customerId: 'cus_1',
      description: 'Contact fee',
      amountCents: 1000,
      successUrl: 'https://a.test/s',
      cancelUrl: 'https://a.test/c',
      metadata: { paymentId: 'pay_1' },
    });
    expect(Object.fromEntries(requests[0].form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'Contact fee',
      'metadata[paymentId]': 'pay_1',
      'payment_intent_data[metadata][paymentId]': 'pay_1',
    });
    expect(requests[0].form.has('line_items[0][price_data][recurring][interval]')).toBe(false);

    await expect(
      provider.createPortalSession({
        customerId: 'cus_1',
        returnUrl: 'https://a.test/dashboard',
        refundableUntil: null,
      }),
    ).resolves.toEqual({ url: 'https://billing.stripe.com/p/1' });
    expect(Object.fromEntries(requests[1].form)).toEqual({
      customer: 'cus_1',
      return_url: 'https://a.test/dashboard',
    });

    const refund = await provider.refundPayment({
      paymentRef: 'pi_1',
      amountCents: 1000,
      idempotencyKey: 'escrow-payment:ep_1',
    });
    // The refund's own name travels in its metadata: Stripe forgets idempotency keys after a day.
    expect(refund).toEqual({
      id: 're_1',
      paymentRef: 'pi_1',
      amountCents: 1000,
      status: 'succeeded',
      requestKey: 'escrow-payment:ep_1',
    });
    expect(Object.fromEntries(requests[2].form)).toEqual({
      payment_intent: 'pi_1',
      amount: '1000',
      reason: 'requested_by_customer',
      'metadata[recytrade_refund_key]': 'escrow-payment:ep_1',
    });
    expect(requests[2].headers.get('idempotency-key')).toBe('escrow-payment:ep_1');
  });

  it('reads a paid subscription Checkout Session with its subscription and first invoice', async () => {
    const { provider } = fakeStripe(() => ({
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_1',
      subscription: 'sub_1',
      invoice: 'in_1',
      payment_intent: null,
      amount_total: 4900,
      url: null,
      metadata: { userId: 'u1' },
    }));
    expect(await provider.getCheckoutSession('cs_test_1')).toMatchObject({
      mode: 'subscription',
      status: 'complete',
      subscriptionId: 'sub_1',
      invoiceId: 'in_1',
      paymentRef: null,
    });
  });

  it('reads the billing period from the subscription item and the payment from the invoice', async () => {
    const { provider } = fakeStripe((req) => {
      if (req.url.pathname.startsWith('/v1/subscriptions/'))
        return {
          id: 'sub_1',
          object: 'subscription',
          customer: 'cus_1',
          status: 'active',
          cancel_at_period_end: true,
          canceled_at: 1_767_300_000,
          ended_at: null,
          metadata: { userId: 'u1' },
          items: {
            data: [
              {
                current_period_start: 1_767_225_600,
                current_period_end: 1_769_904_000,
                price: { unit_amount: 4900 },
              },
            ],
          },
        };
      return {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        status: 'paid',
        amount_due: 4900,
        amount_paid: 4900,
        billing_reason: 'subscription_create',
        status_transitions: { paid_at: 1_767_225_700 },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
        payments: { data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_9' } }] },
      };
    });
    expect(await provider.getSubscription('sub_1')).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodStart: new Date(1_767_225_600_000),
      currentPeriodEnd: new Date(1_769_904_000_000),
      canceledAt: new Date(1_767_300_000_000),
      endedAt: null,
      priceCents: 4900,
      metadata: { userId: 'u1' },
    });
    expect(await provider.getInvoice('in_1')).toEqual({
      id: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      status: 'paid',
      amountDueCents: 4900,
      amountPaidCents: 4900,
      paidAt: new Date(1_767_225_700_000),
      paymentRef: 'pi_9',
      billingReason: 'subscription_create',
    });
  });
});
