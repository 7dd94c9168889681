import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { expectSubscribed, pathOf, payPremiumCheckout, postForm } from '../../../test/factories/billing.ts';
import { rawQuery } from '../../db/client.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { SANDBOX_WEBHOOK_PATH, type SandboxProvider } from './providers/sandbox/sandbox.provider.ts';
import type { SandboxEvent } from './providers/sandbox/sandbox.repository.ts';
import { signSandboxPayload } from './providers/sandbox/sandbox-signature.ts';

function sandboxOf(app: FastifyInstance): SandboxProvider {
  if (!app.services.sandbox) throw new Error('sandbox provider expected');
  return app.services.sandbox;
}

/** Posts a stored sandbox event to the webhook route, signed correctly unless told otherwise. */
function deliver(
  app: FastifyInstance,
  event: SandboxEvent,
  opts: { signature?: string; body?: string } = {},
) {
  const body = opts.body ?? JSON.stringify(event.payload);
  return app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(opts.signature === ''
        ? {}
        : { 'sandbox-signature': opts.signature ?? sandboxOf(app).signPayload(body) }),
    },
  });
}

/** A snapshot of everything a webhook can change, to prove a delivery changed nothing. */
async function stateOf(app: FastifyInstance, userId: string) {
  const [status, payments, ledger] = await Promise.all([
    app.services.billing.getSubscriptionStatus(userId),
    app.services.payments.listPayments(userId),
    app.services.ledger.getBalances(),
  ]);
  return { status, payments, ledger };
}

describe('webhook signatures', () => {
  it('refuses forged, tampered, unsigned and stale deliveries with 400 and changes nothing', async () => {
    const { app, database } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const { client, user } = await signedInClient(app);
    expect((await payPremiumCheckout(client)).page.statusCode).toBe(303);
    const events = await sandboxOf(app).listEvents();
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const body = JSON.stringify(events[0].payload);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      { signature: signSandboxPayload('whsec_forged', body, now), message: 'Invalid webhook signature' },
      { signature: '', message: 'Missing webhook signature' },
      { signature: 't=abc', message: 'Malformed webhook signature' },
      {
        signature: sandboxOf(app).signPayload(body, new Date(Date.now() - 10 * 60_000)),
        message: 'Webhook signature has expired',
      },
      {
        signature: sandboxOf(app).signPayload(body),
        body: body.replace('"event"', '"evil"'),
        message: 'Invalid webhook signature',
      },
    ];
    for (const a of attempts) {
      const res = await deliver(app, events[0], { signature: a.signature, body: a.body ?? body });
      expect(res.statusCode, a.message).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: a.message });
    }
    const notJson = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      payload: 'not json',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': sandboxOf(app).signPayload('not json'),
      },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rawQuery(database, 'select id from provider_events')).toEqual([]);
    expect((await stateOf(app, user.id)).status.subscribed).toBe(false);
    expect(await app.services.ledger.getBalances()).toEqual({});
  });

  it('acknowledges event types it does not handle, and has no route for a provider that is not running', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const body = JSON.stringify({
      id: 'evt_other',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const res = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json', 'sandbox-signature': sandboxOf(app).signPayload(body) },
    });
    expect(res.json()).toEqual({ received: true, ignored: true });
    const stripe = await app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: body });
    expect(stripe.statusCode).toBe(404);
  });
});

describe('webhook processing under retries, duplicates and reordering', () => {
  it('processes each event id once: redelivering every event changes nothing', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const { client, user } = await signedInClient(app);
    await payPremiumCheckout(client);
    const events = await sandboxOf(app).listEvents();
    for (const e of events) expect((await deliver(app, e)).json()).toEqual({ received: true });
    const after = await stateOf(app, user.id);
    expect(after.status.subscribed).toBe(true);
    expect(after.payments).toHaveLength(1);

    for (const e of [...events, ...events])
      expect((await deliver(app, e)).json()).toEqual({ received: true, duplicate: true });
    expect(await stateOf(app, user.id)).toEqual(after);
  });

  it('reaches the provider state whatever order the events arrive in', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const { client, user } = await signedInClient(app);
    await payPremiumCheckout(client);
    // The whole life of a subscription happens at the provider before any webhook arrives.
    const portal = (await app.services.billing.createPortal({ ...user, name: 'Dana' })).url;
    const path = pathOf(portal);
    expect((await postForm(client, path, { action: 'cancel' })).statusCode).toBe(303);
    expect((await postForm(client, path, { action: 'resume' })).statusCode).toBe(303);
    // The portal was opened before the first payment was booked, so the app offered no refund window:
    // refund through the provider's API instead, as an operator would.
    const events = await sandboxOf(app).listEvents();
    const completed = events.find((e) => e.type === 'checkout.session.completed');
    const sessionId =
      (completed?.payload as { data: { object: { id: string } } } | undefined)?.data.object.id ?? '';
    const session = await sandboxOf(app).getCheckoutSession(sessionId);
    await sandboxOf(app).refundPayment({
      paymentRef: session?.paymentRef as string,
      amountCents: 4900,
      idempotencyKey: 'ops-refund',
    });
    await sandboxOf(app).cancelSubscriptionNow(session?.subscriptionId as string);

    const all = await sandboxOf(app).listEvents();
    expect(all.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.updated',
        'refund.created',
        'customer.subscription.deleted',
      ]),
    );
    for (const e of [...all].reverse()) expect((await deliver(app, e)).statusCode).toBe(200);

    const final = await stateOf(app, user.id);
    expect(final.status).toMatchObject({ subscribed: false, status: 'canceled', plan: 'free' });
    expect(final.payments).toHaveLength(1);
    expect(final.payments[0]).toMatchObject({ status: 'refunded', refundedCents: 4900 });
    expect(final.ledger).toEqual({
      [LEDGER_ACCOUNTS.cashProvider]: 0,
      [LEDGER_ACCOUNTS.refunds]: 4900,
      [LEDGER_ACCOUNTS.revenueSubscriptions]: -4900,
    });

    for (const e of all) await deliver(app, e);
    expect(await stateOf(app, user.id)).toEqual(final);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
  });

  it('delivers through the job queue and retries a delivery the app refused', async () => {
    const { app } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    let failures = 1;
    app.services.payments.onProviderEvent(['invoice.paid'], async () => {
      if (failures-- > 0) throw new Error('transient failure while booking');
    });
    await payPremiumCheckout(client);
    await expectSubscribed(client, true);
    await expect
      .poll(async () => (await app.services.payments.listPayments(user.id)).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(1);
    const events = await sandboxOf(app).listEvents();
    const invoiceEvent = events.find((e) => e.type === 'invoice.paid');
    await expect
      .poll(
        async () => (await sandboxOf(app).listEvents()).find((e) => e.id === invoiceEvent?.id)?.deliveredAt,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBeTruthy();
    const delivered = (await sandboxOf(app).listEvents()).find((e) => e.id === invoiceEvent?.id);
    expect(delivered?.attempts).toBe(2);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueSubscriptions)).toBe(-4900);
  });
});
