import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import {
  co2eAvoidedKg,
  IMPACT_LABEL,
  ImpactSummarySchema,
  WarmFactorListSchema,
} from '@app/shared/market/impact.schemas';
import { toTonnes } from '@app/shared/market/units';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, deals } from '../../db/schema.ts';
import { warmFactors } from './impact.table.ts';

type Signed = Awaited<ReturnType<typeof signedInClient>>;

/** An administrator's edit of copper wire's landfilling factor: test data only, not a WARM figure. */
const TEST_LANDFILLING = 0.05;

async function setup() {
  // A clock the test can move on, past the platform totals' one-minute cache.
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  const { app, database } = await buildTestApp({ clock });
  const [buyer, seller, admin] = await Promise.all([
    signedInClient(app),
    signedInClient(app),
    adminClient(app),
  ]);
  const company = await createCompanyOf(seller.client, { contactEmail: 'sales@impact-seller.test' });
  return { app, clock, db: database.db as Db, buyer, seller, admin, company, visitor: createClient(app) };
}

/** Make Offer, both confirm: an agreed deal. */
async function agreedDeal(buyer: Signed, seller: Signed, listingId: string, quantity?: number) {
  const created = await buyer.client.post('/api/deals', {
    listingId,
    dealValue: 1_000,
    ...(quantity !== undefined && { quantity }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const who of [buyer, seller]) {
    const res = await who.client.post(`/api/deals/${id}/actions`, { action: 'confirm' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

async function dealRow(db: Db, id: string) {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row;
}

async function escrowOptional(admin: Signed, on: boolean) {
  const res = await admin.client.patch('/api/admin/settings', { 'deals.escrow_required': !on });
  expect(res.statusCode, res.body).toBe(200);
}

async function platform(app: FastifyInstance) {
  return ImpactSummarySchema.parse((await createClient(app).get('/api/market/impact')).json());
}

beforeAll(async () => {
  await getWorkerDatabase();
});

// Each journey drives several deals through the HTTP API: slower than one request on a loaded machine.
describe('environmental impact', { timeout: 90_000 }, () => {
  it('records tonnes and CO2e with the completing transition, and the totals move', async () => {
    const { app, clock, db, buyer, seller, admin, company, visitor } = await setup();
    const factors = WarmFactorListSchema.parse((await admin.client.get('/api/admin/impact-factors')).json());
    expect(factors.items).toHaveLength(9);
    const copper = factors.items.find((f) => f.material === 'copper-wire');
    expect(copper).toMatchObject({
      recyclingFactor: -4.49,
      landfillingFactor: 0.02,
      verified: false,
      warmVersion: 'v16',
      unit: 'MTCO2E per short ton',
      gradeIds: ['barley', 'berry', 'birch'],
    });
    const patched = await admin.client.patch(`/api/admin/impact-factors/${copper?.id}`, {
      landfillingFactor: TEST_LANDFILLING,
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const before = await platform(app);
    await escrowOptional(admin, true);
    const listing = await createListingOf(seller.client, {
      title: 'Bare bright copper wire',
      category: 'metals',
      grade: 'barley',
      quantity: 20,
      unit: 'tons',
      price: 7_000,
    });
    // An offer may name a smaller quantity, never a larger one.
    const tooMuch = await buyer.client.post('/api/deals', {
      listingId: listing.id,
      dealValue: 100,
      quantity: 21,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(DEAL_MESSAGES.quantityAboveListing);

    const dealId = await agreedDeal(buyer, seller, listing.id, 5);
    expect(await dealRow(db, dealId)).toMatchObject({ quantity: 5, unit: 'tons', impactRecordedAt: null });
    const shipped = await seller.client.post(`/api/deals/${dealId}/actions`, { action: 'ship-goods' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'completed',
      escrowStatus: 'none',
      quantity: 5,
      unit: 'tons',
    });

    // Written by the completing transition itself: present as soon as the request returns.
    const tonnes = toTonnes(5, 'tons') as number;
    const expectedKg = co2eAvoidedKg(tonnes, -4.49, TEST_LANDFILLING) as number;
    expect(expectedKg).toBe(Math.round((TEST_LANDFILLING + 4.49) * 5 * 1000));
    const row = await dealRow(db, dealId);
    expect(row.deliveredTonnes).toBeCloseTo(tonnes, 4);
    expect(row.warmMaterial).toBe('copper-wire');
    expect(row.co2eAvoidedKg).toBe(expectedKg);
    expect(row.impactRecordedAt).toBeInstanceOf(Date);
    // Both parties' deal cards show it.
    for (const party of [buyer, seller]) {
      const listed = (await party.client.get('/api/deals'))
        .json()
        .deals.find((d: { id: string }) => d.id === dealId);
      expect(listed.impact).toEqual({ deliveredTonnes: row.deliveredTonnes, co2eAvoidedKg: expectedKg });
    }

    const mine = ImpactSummarySchema.parse((await buyer.client.get('/api/me/impact')).json());
    expect(mine.label).toBe(IMPACT_LABEL);
    expect(mine.months).toHaveLength(12);
    expect(mine.months[11]).toMatchObject({ co2eAvoidedKg: expectedKg });
    expect(mine.months[11].tonnes).toBeCloseTo(tonnes, 3);
    expect(mine.materials).toEqual([
      {
        material: 'copper-wire',
        label: 'Copper wire',
        tonnes: expect.any(Number),
        co2eAvoidedKg: expectedKg,
        deals: 1,
      },
    ]);
    const sellers = ImpactSummarySchema.parse(
      (await visitor.get(`/api/companies/${company.id}/impact`)).json(),
    );
    expect(sellers.totals).toMatchObject({ co2eAvoidedKg: expectedKg, deals: 1 });
    expect((await visitor.get('/api/me/impact')).statusCode).toBe(401);
    expect((await visitor.get('/api/companies/no-such-company/impact')).statusCode).toBe(404);

    // The platform totals are cached for a minute, then recomputed.
    expect((await platform(app)).totals).toEqual(before.totals);
    clock.offsetMs += 61_000;
    const after = await platform(app);
    expect(after.label).toBe(IMPACT_LABEL);
    expect(after.totals.deals).toBe(before.totals.deals + 1);
    expect(after.totals.co2eAvoidedKg).toBe(before.totals.co2eAvoidedKg + expectedKg);
  });

  it('records tonnage only for materials without a factor, and nothing for pieces', async () => {
    const { db, buyer, seller, admin } = await setup();
    await escrowOptional(admin, true);
    const textiles = await createListingOf(seller.client, {
      title: 'Mixed post-consumer textiles',
      category: 'textiles',
      grade: 'mixed-textiles',
      quantity: 12,
      unit: 'tonnes',
    });
    const pieces = await createListingOf(seller.client, {
      title: 'Used IBC totes',
      unit: 'pieces',
      quantity: 40,
    });
    const textileDeal = await agreedDeal(buyer, seller, textiles.id);
    const piecesDeal = await agreedDeal(buyer, seller, pieces.id);
    for (const id of [textileDeal, piecesDeal])
      expect(
        (await seller.client.post(`/api/deals/${id}/actions`, { action: 'ship-goods' })).statusCode,
      ).toBe(200);

    expect(await dealRow(db, textileDeal)).toMatchObject({
      deliveredTonnes: 12,
      warmMaterial: null,
      co2eAvoidedKg: null,
    });
    expect(await dealRow(db, piecesDeal)).toMatchObject({ deliveredTonnes: null, co2eAvoidedKg: null });

    const mine = ImpactSummarySchema.parse((await seller.client.get('/api/me/impact')).json());
    expect(mine.totals).toEqual({ tonnes: 12, co2eAvoidedKg: 0, deals: 1 });
    expect(mine.materials).toEqual([
      {
        material: null,
        label: 'Other materials (no WARM factor)',
        tonnes: 12,
        co2eAvoidedKg: null,
        deals: 1,
      },
    ]);
  });

  it('records the impact once when escrow is released, not when the goods ship', async () => {
    const { app, db, buyer, seller, admin } = await setup();
    const listing = await createListingOf(seller.client, { grade: 'occ', quantity: 20, unit: 'tons' });
    const dealId = await agreedDeal(buyer, seller, listing.id);
    const funded = await buyer.client.post(`/api/deals/${dealId}/fund`, { method: 'wire' });
    expect(funded.statusCode, funded.body).toBe(200);
    const wire = (await app.services.wireTransfers.listForUser(buyer.user.id)).find(
      (w) => w.relatedId === dealId,
    );
    await app.services.wireTransfers.verify(
      { id: admin.user.id, email: admin.user.email },
      wire?.id as string,
      'seen',
    );
    expect(
      (await seller.client.post(`/api/deals/${dealId}/actions`, { action: 'ship-goods' })).statusCode,
    ).toBe(200);
    expect((await dealRow(db, dealId)).impactRecordedAt).toBeNull();
    const released = await buyer.client.post(`/api/deals/${dealId}/actions`, { action: 'release-escrow' });
    expect(released.statusCode, released.body).toBe(200);
    // No landfilling factor entered for corrugated containers: tonnage and material, no figure.
    expect(await dealRow(db, dealId)).toMatchObject({
      warmMaterial: 'corrugated-containers',
      co2eAvoidedKg: null,
    });
    expect((await dealRow(db, dealId)).deliveredTonnes).toBeCloseTo(toTonnes(20, 'tons') as number, 4);
  });

  it("ships WARM's inert landfilling factor for metals, glass and plastics, none for paper", async () => {
    const { app, db, admin } = await setup();
    const byMaterial = async () =>
      new Map(
        WarmFactorListSchema.parse((await admin.client.get('/api/admin/impact-factors')).json()).items.map(
          (f) => [f.material, f],
        ),
      );
    const factors = await byMaterial();
    for (const material of ['aluminum-cans', 'steel-cans', 'copper-wire', 'glass', 'hdpe', 'pet', 'pp'])
      expect(factors.get(material)?.landfillingFactor, material).toBe(0.02);
    for (const material of ['corrugated-containers', 'mixed-paper'])
      expect(factors.get(material)?.landfillingFactor, material).toBeNull();
    expect(factors.get('pet')?.source).toContain('inert materials');

    // A row from before the default existed gets it at start; one an administrator cleared keeps null.
    await db.update(warmFactors).set({ landfillingFactor: null }).where(eq(warmFactors.material, 'glass'));
    const cleared = await admin.client.patch('/api/admin/impact-factors/pp', { landfillingFactor: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await app.services.impact.seedDefaults();
    const after = await byMaterial();
    expect(after.get('glass')?.landfillingFactor).toBe(0.02);
    expect(after.get('pp')?.landfillingFactor).toBeNull();
  });

  it('lets only administrators edit factors, audits each edit and keeps a grade on one material', async () => {
    const { db, seller, admin, visitor } = await setup();
    expect((await visitor.get('/api/admin/impact-factors')).statusCode).toBe(401);
    expect((await seller.client.get('/api/admin/impact-factors')).statusCode).toBe(403);
    expect((await seller.client.patch('/api/admin/impact-factors/pet', { verified: true })).statusCode).toBe(
      403,
    );

    const edit = await admin.client.patch('/api/admin/impact-factors/pet', {
      verified: true,
      source: 'EPA WARM v16 workbook, checked by the operator',
      gradeIds: ['pet-bottles', 'mixed-rigids'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      verified: true,
      gradeIds: ['pet-bottles', 'mixed-rigids'],
      updatedByEmail: admin.user.email,
    });
    const audits = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, 'pet'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'impact-factor.update', actorUserId: admin.user.id });

    const taken = await admin.client.patch('/api/admin/impact-factors/hdpe', { gradeIds: ['pet-bottles'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Grade pet-bottles is already mapped to PET');
    expect(
      (await admin.client.patch('/api/admin/impact-factors/pet', { gradeIds: ['gold'] })).statusCode,
    ).toBe(400);
    expect(
      (await admin.client.patch('/api/admin/impact-factors/pet', { landfillingFactor: 'lots' })).statusCode,
    ).toBe(400);
    expect((await admin.client.patch('/api/admin/impact-factors/nope', { verified: true })).statusCode).toBe(
      404,
    );
  });
});
