import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../../../test/build-test-app.ts';
import { signedInClient } from '../../../../../test/factories/accounts.ts';
import {
  createTestClock,
  DECLINED_CARD,
  pathOf,
  postForm,
  runSandboxMaintenance,
  SUCCESS_CARD,
  settleWebhooks,
  subscribedClient,
} from '../../../../../test/factories/billing.ts';
import { LEDGER_ACCOUNTS } from '../../../ledger/index.ts';
import { addMonthsUtc } from './sandbox.provider.ts';

async function statusOf(client: TestClient) {
  return (await client.get('/api/billing/subscription')).json();
}

async function openPortal(client: TestClient) {
  return pathOf((await client.post('/api/billing/portal', {})).json().url);
}

describe('sandbox subscription periods', () => {
  it('renews at the end of the period with a paid invoice, extending premium by a month', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client, user } = await subscribedClient(app);
    await settleWebhooks(app);
    const firstEnd = new Date((await statusOf(client)).currentPeriodEnd);

    clock.set(new Date(firstEnd.getTime() + 60_000));
    await runSandboxMaintenance(app);
    const renewed = await statusOf(client);
    expect(renewed).toMatchObject({ subscribed: true, status: 'active' });
    expect(renewed.currentPeriodEnd).toBe(addMonthsUtc(firstEnd, 1).toISOString());
    const payments = await app.services.payments.listPayments(user.id);
    expect(payments.map((p) => [p.purpose, p.amountCents, p.status])).toEqual([
      ['subscription', 4900, 'succeeded'],
      ['subscription', 4900, 'succeeded'],
    ]);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueSubscriptions)).toBe(-9800);

    await runSandboxMaintenance(app); // nothing is due any more
    expect(await app.services.payments.listPayments(user.id)).toHaveLength(2);
  });

  it('ends a subscription cancelled at period end once the period is over', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await subscribedClient(app);
    expect((await postForm(client, await openPortal(client), { action: 'cancel' })).statusCode).toBe(303);
    await settleWebhooks(app);
    const status = await statusOf(client);
    expect(status).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true });

    clock.set(new Date(Date.parse(status.currentPeriodEnd) + 1000));
    // Premium ends at the period end even before the provider's webhook says so.
    expect((await statusOf(client)).subscribed).toBe(false);
    await runSandboxMaintenance(app);
    expect(await statusOf(client)).toMatchObject({
      subscribed: false,
      status: 'canceled',
      subscriptionTier: null,
    });
  });

  it('marks a renewal with a declined card past due, and recovers when a working card is saved', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client, user } = await subscribedClient(app);
    const portal = await openPortal(client);
    const saved = await postForm(client, portal, { action: 'update-card', ...DECLINED_CARD });
    expect(saved.statusCode).toBe(303);
    await settleWebhooks(app);

    clock.set(new Date(Date.parse((await statusOf(client)).currentPeriodEnd) + 60_000));
    await runSandboxMaintenance(app);
    expect(await statusOf(client)).toMatchObject({ status: 'past_due', subscribed: true });
    expect(await app.services.payments.listPayments(user.id)).toHaveLength(1);
    // Portal links last an hour, like Stripe's: the old one has expired, a new one shows the failure.
    expect((await client.get(portal)).statusCode).toBe(410);
    const fresh = await openPortal(client);
    expect((await client.get(fresh)).body).toContain('Payment failed');

    expect((await postForm(client, fresh, { action: 'update-card', ...SUCCESS_CARD })).statusCode).toBe(303);
    await settleWebhooks(app);
    expect(await statusOf(client)).toMatchObject({ status: 'active', subscribed: true });
    expect(await app.services.payments.listPayments(user.id)).toHaveLength(2);
  });

  it('cancels a past-due subscription whose invoice stays unpaid for 7 days', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await subscribedClient(app);
    await postForm(client, await openPortal(client), { action: 'update-card', ...DECLINED_CARD });
    clock.set(new Date(Date.parse((await statusOf(client)).currentPeriodEnd) + 60_000));
    await runSandboxMaintenance(app);
    expect((await statusOf(client)).status).toBe('past_due');
    clock.advanceDays(7);
    await runSandboxMaintenance(app);
    expect(await statusOf(client)).toMatchObject({ status: 'canceled', subscribed: false });
  });

  it('expires a checkout left unpaid for a day', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await signedInClient(app);
    const path = pathOf((await client.post('/api/billing/checkout', {})).json().url);
    clock.advanceDays(1.1);
    await runSandboxMaintenance(app);
    expect((await client.get(path)).statusCode).toBe(410);
    const late = await postForm(client, path, {
      action: 'pay',
      email: 'a@b.test',
      method: 'card',
      ...SUCCESS_CARD,
    });
    expect(late.statusCode).toBe(410);
    expect((await statusOf(client)).subscribed).toBe(false);
  });
});

/** A free TCP port on localhost for a test server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('webhook delivery over HTTP', () => {
  it('posts signed events to APP_URL through the job queue, as in production', async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const { app } = await buildTestApp({ env: { appUrl }, sandboxWebhooks: 'http' });
    await app.listen({ port, host: '127.0.0.1' });
    const { user } = await signedInClient(app);
    const { url } = await app.services.billing.createCheckout({ ...user, name: 'Dana' });
    expect(url.startsWith(`${appUrl}/sandbox/checkout/`)).toBe(true);

    // The hosted page needs no session: post the form without cookies, from the app's origin.
    const page = await createClient(app, { origin: appUrl }).request({
      method: 'POST',
      url: new URL(url).pathname,
      payload: new URLSearchParams({
        action: 'pay',
        email: 'a@b.test',
        method: 'card',
        ...SUCCESS_CARD,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${appUrl}/dashboard?success=true`);
    await expect
      .poll(async () => (await app.services.billing.getSubscriptionStatus(user.id)).subscribed, {
        timeout: 15_000,
      })
      .toBe(true);
    await settleWebhooks(app);
    const events = (await app.services.sandbox?.listEvents()) ?? [];
    expect(events.every((e) => e.attempts === 1 && e.deliveredAt)).toBe(true);
  });
});

describe('addMonthsUtc', () => {
  it('keeps the day of the month, clamped to the last day of shorter months', () => {
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
