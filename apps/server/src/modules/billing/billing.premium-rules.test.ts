import {
  MONEY_BACK_USED_BY_COMPANY_MESSAGE,
  MONEY_BACK_USED_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
} from '@app/shared/billing/billing.schemas';
import { firstOfNextMonthUtc } from '@app/shared/billing/entitlements';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import {
  adminClient,
  createTestClock,
  DECLINED_CARD,
  deliverHeldWebhooks,
  expectSubscribed,
  pathOf,
  payPremiumCheckout,
  postForm,
  runSandboxMaintenance,
  settleWebhooks,
  subscribedClient,
} from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { subscriptions } from './billing.table.ts';

const REFUND = '/api/billing/subscription/refund';
const PORTAL_REFUND_OFFER = 'Cancel now with a full refund';

async function statusOf(client: TestClient) {
  return (await client.get('/api/billing/subscription')).json();
}

async function openPortal(client: TestClient) {
  return pathOf((await client.post('/api/billing/portal', {})).json().url);
}

/** Pays for Premium again (after a refund or an end) and waits until it is on. */
async function subscribeAgain(app: FastifyInstance, client: TestClient) {
  const { page } = await payPremiumCheckout(client);
  expect(page.statusCode).toBe(303);
  await expectSubscribed(client, true);
  await settleWebhooks(app);
}

/** Asserts the guarantee is refused with `message` on the card, the route and the sandbox portal. */
async function expectRefundRefused(client: TestClient, message: string) {
  expect(await statusOf(client)).toMatchObject({
    subscribed: true,
    moneyBackEligibleUntil: null,
    moneyBackUnavailableReason: message,
  });
  const refund = await client.post(REFUND, {});
  expect(refund.statusCode).toBe(409);
  expect(refund.json().error).toEqual({ code: 'CONFLICT', message });
  const portal = await openPortal(client);
  expect((await client.get(portal)).body).not.toContain(PORTAL_REFUND_OFFER);
  expect((await postForm(client, portal, { action: 'refund' })).statusCode).toBe(409);
  expect(await statusOf(client)).toMatchObject({ subscribed: true, status: 'active' });
}

describe('the money-back guarantee is granted once per customer', () => {
  it('refuses a second refund on the next subscription, on the card, the route and the portal', async () => {
    const { app } = await buildTestApp();
    const { client, user } = await subscribedClient(app);
    await settleWebhooks(app);
    expect((await client.post(REFUND, {})).statusCode).toBe(200);

    await subscribeAgain(app, client);
    await expectRefundRefused(client, MONEY_BACK_USED_MESSAGE);
    const payments = await app.services.payments.listPayments(user.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['refunded', 'succeeded']);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(4900);
  });

  it('counts a refund taken in the provider portal, and survives the subscription records being deleted', async () => {
    const { app, database } = await buildTestApp();
    const { client, user } = await subscribedClient(app);
    await settleWebhooks(app);
    expect((await postForm(client, await openPortal(client), { action: 'refund' })).statusCode).toBe(303);
    await settleWebhooks(app);
    await expectSubscribed(client, false);
    await database.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));

    await subscribeAgain(app, client);
    await expectRefundRefused(client, MONEY_BACK_USED_MESSAGE);
  });

  it('leaves other customers their own guarantee, and an administrator has no refund of someone else to take', async () => {
    const { app } = await buildTestApp();
    const first = await subscribedClient(app);
    await settleWebhooks(app);
    expect((await first.client.post(REFUND, {})).statusCode).toBe(200);

    const admin = await adminClient(app);
    const adminRefund = await admin.client.post(REFUND, {});
    expect(adminRefund.statusCode).toBe(404);
    expect(adminRefund.json().error.message).toBe(NO_SUBSCRIPTION_MESSAGE);

    const other = await subscribedClient(app);
    await settleWebhooks(app);
    expect((await statusOf(other.client)).moneyBackUnavailableReason).toBeNull();
    expect((await other.client.post(REFUND, {})).statusCode).toBe(200);
    expect((await createClient(app).post(REFUND, {})).statusCode).toBe(401);
  });
});

describe('the money-back guarantee is granted once per company', () => {
  it('refuses it to another account of a company by the same name or contact-email domain', async () => {
    const { app } = await buildTestApp();
    const first = await signedInClient(app);
    await createCompanyOf(first.client, {
      companyName: 'Acme Recycling, Inc.',
      contactEmail: 'sales@acme-recycling.com',
    });
    await subscribeAgain(app, first.client);
    expect((await first.client.post(REFUND, {})).statusCode).toBe(200);

    // The same firm under a new account: a slightly different name, or another name on its domain.
    for (const company of [
      { companyName: 'ACME  Recycling LLC', contactEmail: 'office@acme-recycling-eu.com' },
      { companyName: 'Northside Fibres', contactEmail: 'buying@acme-recycling.com' },
    ]) {
      const again = await signedInClient(app);
      await createCompanyOf(again.client, company);
      await subscribeAgain(app, again.client);
      await expectRefundRefused(again.client, MONEY_BACK_USED_BY_COMPANY_MESSAGE);
    }
  });

  it('does not treat a shared webmail domain as one company', async () => {
    const { app } = await buildTestApp();
    const first = await signedInClient(app);
    await createCompanyOf(first.client, { companyName: 'Baltic Metals', contactEmail: 'baltic@gmail.com' });
    await subscribeAgain(app, first.client);
    expect((await first.client.post(REFUND, {})).statusCode).toBe(200);

    const other = await signedInClient(app);
    await createCompanyOf(other.client, { companyName: 'Orbis Plastics', contactEmail: 'orbis@gmail.com' });
    await subscribeAgain(app, other.client);
    expect((await statusOf(other.client)).moneyBackEligibleUntil).not.toBeNull();
    expect((await other.client.post(REFUND, {})).statusCode).toBe(200);
  });
});

describe('when Premium ends, listings follow the free plan', () => {
  it('gives 8 listings posted while premium the free expiry at a refund, and the expiry job hides them when due', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client, user } = await subscribedClient(app);
    await settleWebhooks(app);
    const posted = [];
    for (let i = 0; i < 8; i += 1) posted.push(await createListingOf(client, { title: `Premium lot ${i}` }));
    const other = await subscribedClient(app);
    const kept = await createListingOf(other.client);
    const expiryOf = async (id: string, as: TestClient = client) =>
      (await as.get(`/api/listings/${id}`)).json().expiresAt;
    for (const { id } of posted) expect(await expiryOf(id)).toBeNull();

    const refund = await client.post(REFUND, {});
    expect(refund.statusCode).toBe(200);
    const due = firstOfNextMonthUtc(clock.now()).toISOString();
    for (const { id } of posted) expect(await expiryOf(id)).toBe(due);
    expect(await expiryOf(kept.id, other.client)).toBeNull();
    // Still public until then: a visitor sees them.
    const visitor = createClient(app);
    expect((await visitor.get(`/api/listings/${posted[0]?.id}`)).statusCode).toBe(200);
    const usage = (await client.get('/api/me/listing-usage')).json();
    expect(usage).toMatchObject({ plan: 'free', canCreate: false });

    clock.set(new Date(Date.parse(due) + 1000));
    expect((await app.services.listings.runExpiry()).expired).toBe(8);
    for (const { id } of posted) expect((await visitor.get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/listings/${kept.id}`)).statusCode).toBe(200);
    expect(user.id).not.toBe(other.user.id);
  });

  /** A premium user with one listing who cancelled in the portal: Premium runs to the period end. */
  async function cancelledWithListing() {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await subscribedClient(app);
    const listing = await createListingOf(client);
    expect((await postForm(client, await openPortal(client), { action: 'cancel' })).statusCode).toBe(303);
    await settleWebhooks(app);
    expect((await client.get(`/api/listings/${listing.id}`)).json().expiresAt).toBeNull();
    const end = Date.parse((await statusOf(client)).currentPeriodEnd);
    return { clock, app, client, listing, end };
  }

  it('gives them the free expiry when a subscription cancelled in the portal reaches its period end', async () => {
    const { clock, app, client, listing, end } = await cancelledWithListing();
    clock.set(new Date(end + 1000));
    await runSandboxMaintenance(app);
    expect(await statusOf(client)).toMatchObject({ subscribed: false, status: 'canceled' });
    expect((await client.get(`/api/listings/${listing.id}`)).json().expiresAt).toBe(
      firstOfNextMonthUtc(clock.now()).toISOString(),
    );
  });

  it('gives them the free expiry when the webhook ending the subscription never comes', async () => {
    const { clock, app, client, listing, end } = await cancelledWithListing();

    clock.set(new Date(end - 60_000));
    expect(await app.services.billing.syncLapsedSubscriptions()).toBe(0);
    // The provider's maintenance (and its webhook) has not run: only the sweep notices the end.
    clock.set(new Date(end + 60_000));
    expect(await app.services.billing.syncLapsedSubscriptions()).toBe(1);
    expect((await client.get(`/api/listings/${listing.id}`)).json().expiresAt).toBe(
      firstOfNextMonthUtc(clock.now()).toISOString(),
    );
    expect(await app.services.billing.syncLapsedSubscriptions()).toBe(0);
  });

  it('gives them the free expiry when a failed renewal ends the subscription, not while it is retried', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await subscribedClient(app);
    const listing = await createListingOf(client);
    await postForm(client, await openPortal(client), { action: 'update-card', ...DECLINED_CARD });
    clock.set(new Date(Date.parse((await statusOf(client)).currentPeriodEnd) + 60_000));
    await runSandboxMaintenance(app);
    expect((await statusOf(client)).status).toBe('past_due');
    expect((await client.get(`/api/listings/${listing.id}`)).json().expiresAt).toBeNull();

    clock.advanceDays(7);
    await runSandboxMaintenance(app);
    expect(await statusOf(client)).toMatchObject({ status: 'canceled', subscribed: false });
    expect((await client.get(`/api/listings/${listing.id}`)).json().expiresAt).toBe(
      firstOfNextMonthUtc(clock.now()).toISOString(),
    );
  });
});

describe('right after paying', () => {
  it('the refund route reads a just-paid checkout from the provider before any webhook arrives', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const { client, user } = await signedInClient(app);
    const { page } = await payPremiumCheckout(client);
    expect(page.statusCode).toBe(303);
    expect(await app.services.sandbox?.listEvents({ undeliveredOnly: true })).not.toHaveLength(0);

    const refund = await client.post(REFUND, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ subscribed: false, status: 'canceled' });
    const [payment] = await app.services.payments.listPayments(user.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4900 });

    // The webhooks arriving late change nothing: one payment, one refund.
    await deliverHeldWebhooks(app);
    expect(await app.services.payments.listPayments(user.id)).toHaveLength(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(4900);
    expect((await statusOf(client)).subscribed).toBe(false);
  });

  it('Refresh shows Premium with its money-back window before any webhook arrives', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const { client } = await signedInClient(app);
    await payPremiumCheckout(client);
    expect((await statusOf(client)).subscribed).toBe(false);
    const refreshed = await client.post('/api/billing/subscription/refresh', {});
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ subscribed: true, plan: 'premium' });
    expect(refreshed.json().moneyBackEligibleUntil).not.toBeNull();
  });
});
