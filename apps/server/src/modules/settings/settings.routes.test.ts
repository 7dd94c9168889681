import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, pathOf } from '../../../test/factories/billing.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('pricing settings', () => {
  it("serves the specification's plans and fees to everyone, signed in or not", async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/settings/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'USD',
      premium: { name: 'Premium', monthlyCents: 4900, interval: 'month' },
      free: { name: 'Free', listingsPerMonth: 5 },
      contactFeeCents: 1000,
      featuredListing: { feeCents: 1500, days: 7 },
      commissionRateBps: 300,
      commissionPercent: 3,
      wireProcessingFeeBps: 200,
      wireProcessingFeePercent: 2,
      moneyBackGuaranteeDays: 7,
    });
  });

  it('lets an administrator change a price, which the checkout then charges', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const list = await admin.client.get('/api/admin/settings');
    expect(list.statusCode).toBe(200);
    expect(list.json().settings).toContainEqual(
      expect.objectContaining({ key: 'billing.premium_monthly_cents', value: 4900, defaultValue: 4900 }),
    );
    const changed = await admin.client.patch('/api/admin/settings', {
      'billing.premium_monthly_cents': 5900,
      'fees.commission_rate_bps': 250,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().settings).toContainEqual(
      expect.objectContaining({
        key: 'billing.premium_monthly_cents',
        value: 5900,
        updatedAt: expect.any(String),
      }),
    );
    const pricing = (await createClient(app).get('/api/settings/pricing')).json();
    expect(pricing).toMatchObject({
      premium: { monthlyCents: 5900 },
      commissionRateBps: 250,
      commissionPercent: 2.5,
    });

    const { client } = await signedInClient(app);
    expect((await client.get('/api/billing/subscription')).json().priceCents).toBe(5900);
    const checkout = (await client.post('/api/billing/checkout', {})).json();
    expect((await client.get(pathOf(checkout.url))).body).toContain('$59.00');
  });

  it('refuses visitors (401) and other users (403), and invalid values with a clear 400', async () => {
    const { app } = await buildTestApp();
    const user = await signedInClient(app);
    const admin = await adminClient(app);
    expect((await createClient(app).get('/api/admin/settings')).statusCode).toBe(401);
    expect(
      (await createClient(app).patch('/api/admin/settings', { 'fees.contact_fee_cents': 1 })).statusCode,
    ).toBe(401);
    expect((await user.client.get('/api/admin/settings')).statusCode).toBe(403);
    expect((await user.client.patch('/api/admin/settings', { 'fees.contact_fee_cents': 1 })).statusCode).toBe(
      403,
    );

    const bad: Array<Record<string, unknown>> = [
      { 'fees.contact_fee_cents': 10.5 },
      { 'fees.commission_rate_bps': -1 },
      { 'billing.premium_monthly_cents': '4900' },
      { 'billing.premium_monthly_cents': 50 },
      { 'no.such.setting': 1 },
      {},
    ];
    for (const body of bad) {
      const res = await admin.client.patch('/api/admin/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await admin.client.patch('/api/admin/settings', { 'billing.premium_monthly_cents': 50 })).json().error
        .message,
    ).toBe('The premium price must be at least $1.00');
    expect((await createClient(app).get('/api/settings/pricing')).json().contactFeeCents).toBe(1000);
  });
});
