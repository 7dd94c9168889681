import {
  ALREADY_SUBSCRIBED_MESSAGE,
  MONEY_BACK_EXPIRED_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  SIGN_IN_TO_MANAGE_MESSAGE,
  SIGN_IN_TO_SUBSCRIBE_MESSAGE,
} from '@app/shared/billing/billing.schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import {
  createTestClock,
  DECLINED_CARD,
  expectSubscribed,
  pathOf,
  payPremiumCheckout,
  postForm,
  SUCCESS_CARD,
  settleWebhooks,
  subscribedClient,
} from '../../../test/factories/billing.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { CARD_DECLINED_MESSAGE } from '../payments/index.ts';

const DAY = 86_400_000;

describe('subscribing to Premium through the sandbox checkout', () => {
  it('takes a free user to premium: checkout page, test card, webhook, active subscription and booked payment', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const before = (await client.get('/api/billing/subscription')).json();
    expect(before).toEqual({
      subscribed: false,
      subscriptionTier: null,
      subscriptionEnd: null,
      plan: 'free',
      status: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      moneyBackEligibleUntil: null,
      moneyBackUnavailableReason: null,
      priceCents: 4900,
    });

    const checkout = await client.post('/api/billing/checkout', {});
    expect(checkout.statusCode).toBe(200);
    const page = await client.get(pathOf(checkout.json().url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const text of [
      'Recytrade Premium',
      '$49.00',
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      'Klarna Net 30',
    ])
      expect(page.body).toContain(text);

    const paid = await postForm(client, pathOf(checkout.json().url), {
      action: 'pay',
      email: 'buyer@example.test',
      method: 'card',
      ...SUCCESS_CARD,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_APP_URL}/dashboard?success=true`);

    await expectSubscribed(client, true);
    await settleWebhooks(app);
    const status = (await client.get('/api/billing/subscription')).json();
    expect(status).toMatchObject({
      subscriptionTier: 'premium',
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const periodDays = (Date.parse(status.currentPeriodEnd) - Date.now()) / DAY;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);
    expect((Date.parse(status.moneyBackEligibleUntil) - Date.now()) / DAY).toBeCloseTo(7, 1);

    const me = (await client.get('/api/me')).json();
    expect(me).toMatchObject({
      subscribed: true,
      subscriptionTier: 'premium',
      subscriptionEnd: status.subscriptionEnd,
    });

    const { payments } = (await client.get('/api/payments')).json();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ purpose: 'subscription', amountCents: 4900, status: 'succeeded' });
    const ledger = app.services.ledger;
    expect(
      await ledger.getBalances([LEDGER_ACCOUNTS.cashProvider, LEDGER_ACCOUNTS.revenueSubscriptions]),
    ).toEqual({
      [LEDGER_ACCOUNTS.cashProvider]: 4900,
      [LEDGER_ACCOUNTS.revenueSubscriptions]: -4900,
    });
    expect((await ledger.checkBooks()).balanced).toBe(true);
  });

  it('refuses the declined test card with a clear message, changes nothing, then accepts Klarna Net 30', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const { path, page } = await payPremiumCheckout(client, { method: 'card', ...DECLINED_CARD });
    expect(page.statusCode).toBe(402);
    expect(page.body).toContain('role="alert"');
    expect(page.body).toContain(CARD_DECLINED_MESSAGE.replace("'", '&#39;'));
    expect(await app.services.sandbox?.listEvents()).toEqual([]);
    expect((await client.get('/api/billing/subscription')).json().subscribed).toBe(false);

    const klarna = await postForm(client, path, {
      action: 'pay',
      email: 'buyer@example.test',
      method: 'klarna',
    });
    expect(klarna.statusCode).toBe(303);
    await expectSubscribed(client, true);
  });

  it('returns to the dashboard with canceled=true when the buyer cancels, and nothing changes', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const { page } = await payPremiumCheckout(client, { action: 'cancel' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${TEST_APP_URL}/dashboard?canceled=true`);
    expect(await app.services.sandbox?.listEvents()).toEqual([]);
    expect((await client.get('/api/billing/subscription')).json()).toMatchObject({
      subscribed: false,
      status: null,
    });
  });

  it('refuses a second checkout while the user is subscribed', async () => {
    const { app } = await buildTestApp();
    const { client } = await subscribedClient(app);
    const again = await client.post('/api/billing/checkout', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_SUBSCRIBED_MESSAGE });
  });
});

describe('who may use the billing endpoints', () => {
  it('asks visitors to sign in, with the specified message for each action', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const cases: Array<[string, string, string]> = [
      ['POST', '/api/billing/checkout', SIGN_IN_TO_SUBSCRIBE_MESSAGE],
      ['POST', '/api/billing/portal', SIGN_IN_TO_MANAGE_MESSAGE],
      ['POST', '/api/billing/subscription/refund', SIGN_IN_TO_MANAGE_MESSAGE],
      ['POST', '/api/billing/subscription/refresh', SIGN_IN_TO_MANAGE_MESSAGE],
      ['GET', '/api/billing/subscription', 'Sign in required'],
      ['GET', '/api/billing/entitlements', 'Sign in required'],
    ];
    for (const [method, url, message] of cases) {
      const res = await visitor.request({
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error, url).toEqual({ code: 'UNAUTHENTICATED', message });
    }
  });

  it('refuses unknown fields and malformed bodies with a 400 and a clear message', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const extra = await client.post('/api/billing/checkout', { plan: 'gold', priceCents: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_FAILED');
    const broken = await client.request({
      method: 'POST',
      url: '/api/billing/portal',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
    const refund = await client.post('/api/billing/subscription/refund', {});
    expect(refund.statusCode).toBe(404);
    expect(refund.json().error.message).toBe(NO_SUBSCRIPTION_MESSAGE);
  });

  it('validates the sandbox checkout form and never fails with a 500', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const { path } = await payPremiumCheckout(client, { action: 'cancel' });
    const attempts: Array<[Record<string, string>, number, string]> = [
      [{ action: 'pay', email: 'nope', method: 'card', ...SUCCESS_CARD }, 400, 'Enter the email address'],
      [
        { action: 'pay', email: 'a@b.test', method: 'card', ...SUCCESS_CARD, cardNumber: '1234' },
        400,
        'test cards',
      ],
      [{ action: 'pay', email: 'a@b.test', method: 'card', ...SUCCESS_CARD, expiry: '13/99' }, 400, 'MM/YY'],
      [
        { action: 'pay', email: 'a@b.test', method: 'card', ...SUCCESS_CARD, expiry: '01/20' },
        400,
        'expired',
      ],
      [{ action: 'pay', email: 'a@b.test', method: 'card', ...SUCCESS_CARD, cvc: 'x' }, 400, 'CVC'],
      [
        { action: 'pay', email: 'a@b.test', method: 'card', ...SUCCESS_CARD, cardNumber: '4'.repeat(60) },
        400,
        '',
      ],
    ];
    for (const [fields, status, text] of attempts) {
      const res = await postForm(client, path, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.body).toContain(text);
    }
    expect((await client.get('/sandbox/checkout/cs_sbx_missing')).statusCode).toBe(404);
    expect((await postForm(client, '/sandbox/checkout/cs_sbx_missing', { action: 'pay' })).statusCode).toBe(
      404,
    );
    expect((await client.get('/sandbox/portal/bps_sbx_missing')).statusCode).toBe(404);
  });
});

describe('the customer portal', () => {
  it('cancels at period end and resumes, keeping premium meanwhile', async () => {
    const { app } = await buildTestApp();
    const { client } = await subscribedClient(app);
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.statusCode).toBe(200);
    const path = pathOf(portal.json().url);
    const page = await client.get(path);
    expect(page.statusCode).toBe(200);
    for (const text of [
      'Cancel at period end',
      'Return to Recytrade',
      `href="${TEST_APP_URL}/dashboard"`,
      'Card ending in 4242',
    ])
      expect(page.body).toContain(text);

    const cancel = await postForm(client, path, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect((await client.get(pathOf(`${TEST_APP_URL}${cancel.headers.location}`))).body).toContain(
      'Your plan will end on',
    );
    await expect
      .poll(async () => (await client.get('/api/billing/subscription')).json().cancelAtPeriodEnd, {
        timeout: 15_000,
      })
      .toBe(true);
    expect((await client.get('/api/billing/subscription')).json().subscribed).toBe(true);

    expect((await postForm(client, path, { action: 'resume' })).statusCode).toBe(303);
    await expect
      .poll(async () => (await client.get('/api/billing/subscription')).json().cancelAtPeriodEnd, {
        timeout: 15_000,
      })
      .toBe(false);
  });

  it('belongs to the first browser that opens it: a copied portal link cannot cancel the plan', async () => {
    const { app } = await buildTestApp();
    const { client } = await subscribedClient(app);
    const path = pathOf((await client.post('/api/billing/portal', {})).json().url);
    expect((await client.get(path)).statusCode).toBe(200);
    const stranger = createClient(app);
    const seen = await stranger.get(path);
    expect(seen.statusCode).toBe(403);
    expect(seen.body).toContain('This portal link was opened in another browser.');
    expect((await postForm(stranger, path, { action: 'cancel' })).statusCode).toBe(403);
    expect((await client.get('/api/billing/subscription')).json().cancelAtPeriodEnd).toBe(false);
  });

  it('opens for a user who never subscribed and says there is nothing to manage', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const portal = await client.post('/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    const page = await client.get(pathOf(portal.json().url));
    expect(page.body).toContain('You have no subscription yet.');
    const cancel = await postForm(client, pathOf(portal.json().url), { action: 'cancel' });
    expect(cancel.statusCode).toBe(409);
  });
});

describe('the 7-day money-back guarantee', () => {
  it('refunds the first payment through the provider, ends premium and books the refund', async () => {
    const { app } = await buildTestApp();
    const { client } = await subscribedClient(app);
    await settleWebhooks(app);
    const refund = await client.post('/api/billing/subscription/refund', {});
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ subscribed: false, plan: 'free', status: 'canceled' });
    expect((await client.get('/api/me')).json()).toMatchObject({ subscribed: false, subscriptionTier: null });

    await settleWebhooks(app);
    const [payment] = (await client.get('/api/payments')).json().payments;
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4900 });
    const ledger = app.services.ledger;
    expect(
      await ledger.getBalances([
        LEDGER_ACCOUNTS.cashProvider,
        LEDGER_ACCOUNTS.refunds,
        LEDGER_ACCOUNTS.revenueSubscriptions,
      ]),
    ).toEqual({
      [LEDGER_ACCOUNTS.cashProvider]: 0,
      [LEDGER_ACCOUNTS.refunds]: 4900,
      [LEDGER_ACCOUNTS.revenueSubscriptions]: -4900,
    });
    expect((await ledger.checkBooks()).balanced).toBe(true);

    const again = await client.post('/api/billing/subscription/refund', {});
    expect(again.statusCode).toBe(409);
  });

  it('offers "cancel now with a full refund" in the sandbox portal within the window', async () => {
    const { app } = await buildTestApp();
    const { client } = await subscribedClient(app);
    await settleWebhooks(app);
    const path = pathOf((await client.post('/api/billing/portal', {})).json().url);
    expect((await client.get(path)).body).toContain('Cancel now with a full refund');
    expect((await postForm(client, path, { action: 'refund' })).statusCode).toBe(303);
    await expectSubscribed(client, false);
    await expect
      .poll(async () => (await client.get('/api/payments')).json().payments[0].status, { timeout: 15_000 })
      .toBe('refunded');
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(4900);
  });

  it('is no longer offered after 7 days', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ clock });
    const { client } = await subscribedClient(app);
    await settleWebhooks(app);
    clock.advanceDays(8);
    const status = (await client.get('/api/billing/subscription')).json();
    expect(status).toMatchObject({ subscribed: true, moneyBackEligibleUntil: null });
    const refund = await client.post('/api/billing/subscription/refund', {});
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.message).toBe(MONEY_BACK_EXPIRED_MESSAGE);
    const path = pathOf((await client.post('/api/billing/portal', {})).json().url);
    expect((await client.get(path)).body).not.toContain('Cancel now with a full refund');
    expect((await postForm(client, path, { action: 'refund' })).statusCode).toBe(409);
  });
});

describe('entitlements', () => {
  it('gives free users 5 listings a month, a $10 contact fee and expiring listings; premium users the opposite', async () => {
    const { app } = await buildTestApp();
    const free = await signedInClient(app);
    expect((await free.client.get('/api/billing/entitlements')).json()).toEqual({
      plan: 'free',
      listingLimitPerMonth: 5,
      contactFeeCents: 1000,
      listingsExpire: true,
    });
    const freeRules = await app.services.billing.getEntitlements(free.user.id);
    expect(freeRules.listingExpiry(new Date('2026-05-20T10:00:00Z'))).toEqual(
      new Date('2026-06-01T00:00:00Z'),
    );

    const premium = await subscribedClient(app);
    expect((await premium.client.get('/api/billing/entitlements')).json()).toEqual({
      plan: 'premium',
      listingLimitPerMonth: null,
      contactFeeCents: 0,
      listingsExpire: false,
    });
    const premiumRules = await app.services.billing.getEntitlements(premium.user.id);
    expect(premiumRules.listingExpiry(new Date())).toBeNull();
  });

  it('follows the settings: an admin change of the free quota or contact fee applies at once', async () => {
    const { app } = await buildTestApp();
    const { user } = await signedInClient(app);
    await app.services.settings.updateSettings(
      { 'billing.free_listings_per_month': 3, 'fees.contact_fee_cents': 1500 },
      user,
    );
    expect(await app.services.billing.getEntitlements(user.id)).toMatchObject({
      listingLimitPerMonth: 3,
      contactFeeCents: 1500,
    });
  });
});
