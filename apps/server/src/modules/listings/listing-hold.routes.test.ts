import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { insertListing } from '../../../test/factories/deals.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { deals, priceIndexPoints, users } from '../../db/schema.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** Bare bright copper's 30-day index: $8,000 per tonne, so a price below $4,000 per tonne is held. */
const INDEX_CENTS_PER_TONNE = 800_000;

async function setup() {
  const { app, database } = await buildTestApp();
  const db = database.db;
  // Five days ago: the index job recomputes yesterday and today from the listings these tests post.
  const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(priceIndexPoints).values({
    category: 'metals',
    grade: 'barley',
    day,
    priceCentsPerTonne: INDEX_CENTS_PER_TONNE,
    contributors: 5,
    source: 'listings',
  });
  const [admin, other] = await Promise.all([adminClient(app), signedInClient(app)]);
  return { app, db, admin, other, visitor: createClient(app) };
}

/** A trader whose account is `ageDays` old, with `completedDeals` completed deals as a buyer. */
async function trader(
  app: Parameters<typeof signedInClient>[0],
  db: Db,
  ageDays: number,
  completedDeals: number,
) {
  const t = await signedInClient(app);
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * 86_400_000) })
    .where(eq(users.id, t.user.id));
  for (let i = 0; i < completedDeals; i += 1) {
    const seller = await signedInClient(app);
    const listing = await insertListing(db, seller.user.id);
    await db.insert(deals).values({
      id: randomUUID(),
      listingId: listing.id,
      buyerUserId: t.user.id,
      sellerUserId: seller.user.id,
      dealValueCents: 100_000,
      commissionRateBps: 300,
      commissionCents: 3_000,
      status: 'completed',
      completedAt: new Date(),
    });
  }
  return t;
}

async function copperListing(client: TestClient, pricePerTonne: number, type: 'sell' | 'buy' = 'sell') {
  const res = await client.post('/api/listings', {
    title: 'Bare bright copper wire',
    type,
    description: 'Clean bare bright copper wire, 16 gauge and up.',
    availability: 'immediate',
    category: 'metals',
    grade: 'barley',
    location: 'Hamburg, Germany',
    price: pricePerTonne,
    quantity: 10,
    unit: 'tonnes',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().listing as { id: string; heldForReview?: boolean; approvalStatus: string };
}

describe('the moderation hold of a new account’s underpriced listing', () => {
  it('holds a new account’s sell listing below half the index from everyone but its owner and administrators, until approved', async () => {
    const t = await setup();
    const seller = await trader(t.app, t.db, 2, 0);
    const listing = await copperListing(seller.client, 3000);
    expect(listing).toMatchObject({ heldForReview: true, approvalStatus: 'pending' });

    // Not public: visitors and other traders find nothing, neither on its page nor in search.
    const path = `/api/listings/${listing.id}`;
    expect((await t.visitor.get(path)).statusCode).toBe(404);
    expect((await t.other.client.get(path)).statusCode).toBe(404);
    expect((await t.visitor.get('/api/listings')).json().items).toEqual([]);
    // The owner sees it held for review; the reason is the administrators'.
    const own = await seller.client.get(path);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ heldForReview: true });
    expect(own.json()).not.toHaveProperty('holdReason');

    // The queue: visitors 401, traders 403, administrators see the reason.
    expect((await t.visitor.get('/api/admin/listings?status=pending')).statusCode).toBe(401);
    expect((await seller.client.get('/api/admin/listings?status=pending')).statusCode).toBe(403);
    const queue = (await t.admin.client.get('/api/admin/listings?status=pending')).json();
    const queued = queue.items.find((i: { id: string }) => i.id === listing.id);
    expect(queued.holdReason).toBe(
      "New account's price far below the market: $3,000.00 per tonne is 38% of the 30-day index for Bare bright copper wire ($8,000.00 per tonne), listed by an account 2 days old with no completed deal.",
    );

    // Approved: public, no longer held.
    const approved = await t.admin.client.post(`/api/admin/listings/${listing.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ heldForReview: false, approvalStatus: 'approved' });
    expect((await t.visitor.get(path)).statusCode).toBe(200);
  });

  it('holds only below half the index, only new accounts’ sell listings', async () => {
    const t = await setup();
    const held = async (client: TestClient, price: number, type: 'sell' | 'buy' = 'sell') =>
      (await copperListing(client, price, type)).heldForReview;

    // Held listings never move the index; those checked last (not held) may only lower it.
    const young = await trader(t.app, t.db, 2, 0);
    expect(await held(young.client, 3999)).toBe(true);
    // Old without a completed deal, or young with one: still new.
    const oldNoDeal = await trader(t.app, t.db, 90, 0);
    expect(await held(oldNoDeal.client, 1000)).toBe(true);
    const youngWithDeal = await trader(t.app, t.db, 10, 1);
    expect(await held(youngWithDeal.client, 1000)).toBe(true);

    expect(await held(young.client, 4000)).toBe(false);
    expect(await held(young.client, 7500)).toBe(false);
    // A buyer offering little is no bait.
    expect(await held(young.client, 1000, 'buy')).toBe(false);
    // Old and with a completed deal: an established trader may sell cheap.
    const established = await trader(t.app, t.db, 90, 1);
    expect(await held(established.client, 1000)).toBe(false);
  });

  it('holds an approved listing repriced below half the index, and lets a held one go when repriced above', async () => {
    const t = await setup();
    const seller = await trader(t.app, t.db, 2, 0);
    const listing = await copperListing(seller.client, 7000);
    await t.admin.client.post(`/api/admin/listings/${listing.id}/approve`, {});
    const path = `/api/listings/${listing.id}`;
    expect((await t.visitor.get(path)).statusCode).toBe(200);

    const cut = await seller.client.patch(path, { price: 2000 });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json()).toMatchObject({ heldForReview: true, approvalStatus: 'pending' });
    expect((await t.visitor.get(path)).statusCode).toBe(404);

    const fixed = await seller.client.patch(path, { price: 6500 });
    expect(fixed.json()).toMatchObject({ heldForReview: false });
    expect((await t.visitor.get(path)).statusCode).toBe(200);
  });
});
