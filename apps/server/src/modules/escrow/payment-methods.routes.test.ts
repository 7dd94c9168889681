import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { paymentMethods } from './payment-methods.table.ts';

describe('payment methods', () => {
  it("lists the four seeded methods in the specification's order, with their fees", async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/payment-methods');
    expect(res.statusCode).toBe(200);
    const methods = res.json().methods;
    expect(
      methods.map((m: { name: string; type: string; processingFeePercentage: number }) => [
        m.name,
        m.type,
        m.processingFeePercentage,
      ]),
    ).toEqual([
      ['Credit/Debit Card', 'card', 2.9],
      ['Klarna Net 30', 'klarna', 0],
      ['Escrow Wire Transfer', 'escrow_wire', 0],
      ['Wire Transfer', 'wire', 0],
    ]);
    expect(methods[1]).toMatchObject({
      description: 'Net 30 terms, 0% fee',
      enabled: true,
      createdAt: expect.any(String),
    });
    expect(methods[3].description).toContain('1-3 business days');
    expect(methods[0]).not.toHaveProperty('processingFeeBps');
  });

  it('seeds idempotently: a restart neither duplicates nor overwrites an edited method', async () => {
    const { app, database } = await buildTestApp();
    const admin = await adminClient(app);
    const card = (await createClient(app).get('/api/payment-methods')).json().methods[0];
    await admin.client.patch(`/api/admin/payment-methods/${card.id}`, { processingFeePercentage: 3.1 });
    await app.services.paymentMethods.seedDefaults();
    const { app: restarted } = await buildTestApp({ database, keepData: true });
    const methods = (await createClient(restarted).get('/api/payment-methods')).json().methods;
    expect(methods).toHaveLength(4);
    expect(methods[0]).toMatchObject({ id: card.id, processingFeePercentage: 3.1 });
  });

  it('offers only the card for totals of $50 or less, and every enabled method above', async () => {
    const { app } = await buildTestApp();
    const types = async (totalCents: number) =>
      (await createClient(app).get(`/api/payment-methods?totalCents=${totalCents}`))
        .json()
        .methods.map((m: { type: string }) => m.type);
    expect(await types(5000)).toEqual(['card']);
    expect(await types(100)).toEqual(['card']);
    expect(await types(5001)).toEqual(['card', 'klarna', 'escrow_wire', 'wire']);
    const bad = await createClient(app).get('/api/payment-methods?totalCents=abc');
    expect(bad.statusCode).toBe(400);
    expect((await createClient(app).get('/api/payment-methods?totalCents=-1')).json().error.message).toBe(
      'totalCents cannot be negative',
    );
  });

  it('appends methods of other types after the specification order, oldest first', async () => {
    const { app, database } = await buildTestApp();
    const later = new Date(Date.now() + 60_000);
    await database.db.insert(paymentMethods).values([
      {
        id: randomUUID(),
        name: 'ACH',
        type: 'ach',
        description: 'US bank debit',
        processingFeeBps: 80,
        createdAt: new Date(later.getTime() + 1),
      },
      {
        id: randomUUID(),
        name: 'Crypto',
        type: 'crypto',
        description: 'Stablecoin',
        processingFeeBps: 100,
        createdAt: later,
      },
    ]);
    const methods = (await createClient(app).get('/api/payment-methods?totalCents=100000')).json().methods;
    expect(methods.map((m: { type: string }) => m.type)).toEqual([
      'card',
      'klarna',
      'escrow_wire',
      'wire',
      'crypto',
      'ach',
    ]);
    expect(methods[5].processingFeePercentage).toBe(0.8);
    expect(await app.services.paymentMethods.findEnabledByType('ach')).toMatchObject({ name: 'ACH' });
  });

  it('lets an administrator disable, re-enable and edit a method; disabled methods are not offered', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const all = (await admin.client.get('/api/admin/payment-methods')).json().methods;
    const klarna = all.find((m: { type: string }) => m.type === 'klarna');
    const off = await admin.client.patch(`/api/admin/payment-methods/${klarna.id}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: klarna.id, enabled: false });
    const offered = (await createClient(app).get('/api/payment-methods?totalCents=100000')).json().methods;
    expect(offered.map((m: { type: string }) => m.type)).toEqual(['card', 'escrow_wire', 'wire']);
    expect(await app.services.paymentMethods.findEnabledByType('klarna')).toBeNull();
    expect((await admin.client.get('/api/admin/payment-methods')).json().methods).toHaveLength(4);

    const edited = await admin.client.patch(`/api/admin/payment-methods/${klarna.id}`, {
      enabled: true,
      name: 'Klarna Pay in 30',
      description: 'Pay within 30 days',
      processingFeePercentage: 1.25,
    });
    expect(edited.json()).toMatchObject({
      name: 'Klarna Pay in 30',
      description: 'Pay within 30 days',
      processingFeePercentage: 1.25,
      enabled: true,
    });
    expect(await app.services.paymentMethods.findById(klarna.id)).toMatchObject({
      processingFeePercentage: 1.25,
    });
  });

  it('validates admin edits with clear messages', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const card = (await admin.client.get('/api/admin/payment-methods')).json().methods[0];
    const cases: Array<[unknown, string]> = [
      [{ processingFeePercentage: -1 }, 'Processing fee cannot be negative'],
      [{ processingFeePercentage: 25 }, 'Processing fee cannot exceed 20%'],
      [{ processingFeePercentage: '2.9' }, 'Processing fee must be a number'],
      [{ name: '   ' }, 'Name is required'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.patch(`/api/admin/payment-methods/${card.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (await admin.client.patch(`/api/admin/payment-methods/${card.id}`, { type: 'x' })).statusCode,
    ).toBe(400);
    const badId = await admin.client.patch('/api/admin/payment-methods/nope', { enabled: false });
    expect(badId.json().error.message).toBe('Invalid payment method ID format');
    const missing = await admin.client.patch(`/api/admin/payment-methods/${randomUUID()}`, {
      enabled: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Payment method not found');
  });

  it('keeps the admin routes to administrators', async () => {
    const { app } = await buildTestApp();
    const user = await signedInClient(app);
    const card = (await createClient(app).get('/api/payment-methods')).json().methods[0];
    expect((await createClient(app).get('/api/admin/payment-methods')).statusCode).toBe(401);
    expect(
      (await createClient(app).patch(`/api/admin/payment-methods/${card.id}`, { enabled: false })).statusCode,
    ).toBe(401);
    expect((await user.client.get('/api/admin/payment-methods')).statusCode).toBe(403);
    expect(
      (await user.client.patch(`/api/admin/payment-methods/${card.id}`, { enabled: false })).statusCode,
    ).toBe(403);
    expect((await createClient(app).get('/api/payment-methods')).json().methods[0].enabled).toBe(true);
  });
});
