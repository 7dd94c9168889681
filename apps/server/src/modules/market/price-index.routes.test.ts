import type { MarketIndex, MarketIndexEntry } from '@app/shared/market/price-index.schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { createTestClock } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { type Frame, listenForSockets } from '../../../test/factories/realtime.ts';
import { setSettings } from '../../../test/factories/settings.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import type { SessionUser } from '../accounts/index.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** A Barley listing priced per tonne (the listings service's derived columns written directly). */
async function insertBarleyListing(db: Db, owner: SessionUser, pricePerTonneCents: number) {
  const listing = await insertListing(db, owner.id, { quantity: 2 });
  await db
    .update(listings)
    .set({ grade: 'barley', pricePerTonneCents, quantityTonnes: 1.8144 })
    .where(eq(listings.id, listing.id));
  return listing;
}

async function setup() {
  const clock = createTestClock();
  const { app, database } = await buildTestApp({ clock });
  const db = database.db;
  const traders = await Promise.all([1, 2, 3, 4].map((n) => insertTrader(db, `Trader${n}`)));
  const visitor = createClient(app);
  const index = async () => (await visitor.get('/api/market/index')).json() as MarketIndex;
  const barley = async () =>
    (await index()).entries.find((e) => e.category === 'metals' && e.grade === 'barley') as
      | MarketIndexEntry
      | undefined;
  return { app, db, clock, traders, visitor, index, barley, priceIndex: app.services.priceIndex };
}

describe('price index', () => {
  it('publishes from listings only once three independent companies price the grade', async () => {
    const { db, traders, barley, index, priceIndex } = await setup();
    const [a, b, c] = traders as [SessionUser, SessionUser, SessionUser];
    await insertBarleyListing(db, a, 900_000);
    await insertBarleyListing(db, a, 950_000);
    await insertBarleyListing(db, a, 2_000_000);
    await insertBarleyListing(db, b, 1_000_000);
    await priceIndex.recompute();
    // Three listings, two companies: not enough independent contributors, nothing to carry.
    expect(await barley()).toBeUndefined();

    await insertBarleyListing(db, c, 1_100_000);
    await priceIndex.recompute();
    const entry = await barley();
    // a votes with its average (1,283,333); the median of three votes is b's.
    expect(entry).toMatchObject({
      priceCentsPerTonne: 1_100_000,
      contributors: 3,
      source: 'listings',
      carriedForward: false,
      change7dPercent: null,
      change30dPercent: null,
    });
    // No "Metals · all grades" figure: it would blend $340/t steel with $8,600/t copper (issue 20).
    expect((await index()).entries.some((e) => e.category === 'metals' && e.grade === null)).toBe(false);
    expect((await index()).minContributors).toBe(3);
  });

  it('counts a listing on the day it was posted after it expires, never a rejected one', async () => {
    const { db, traders, barley, priceIndex } = await setup();
    const [a, b, c, d] = traders as [SessionUser, SessionUser, SessionUser, SessionUser];
    const expired = await insertBarleyListing(db, a, 1_000_000);
    await insertBarleyListing(db, b, 1_100_000);
    await insertBarleyListing(db, c, 1_200_000);
    const rejected = await insertBarleyListing(db, d, 9_000_000);
    await db.update(listings).set({ status: 'expired' }).where(eq(listings.id, expired.id));
    await db.update(listings).set({ approvalStatus: 'rejected' }).where(eq(listings.id, rejected.id));
    await priceIndex.recompute({ rebuildYear: true });
    expect(await barley()).toMatchObject({ priceCentsPerTonne: 1_100_000, contributors: 3 });
  });

  it('rewrites past points under a new minimum of contributors when an administrator changes it', async () => {
    const { app, db, clock, traders, visitor, priceIndex } = await setup();
    const [a, b] = traders as [SessionUser, SessionUser];
    await insertBarleyListing(db, a, 1_000_000);
    await insertBarleyListing(db, b, 1_200_000);
    await priceIndex.recompute();
    clock.advanceDays(4);
    await priceIndex.recompute();
    const points = async () =>
      (await visitor.get('/api/market/index/series?category=metals&grade=barley&days=30')).json().points as {
        day: string;
        priceCentsPerTonne: number;
        contributors: number;
      }[];
    // Two companies: under the default minimum of three, no point on any day.
    expect(await points()).toEqual([]);

    await app.services.settings.updateSettings(
      { 'market.index_min_contributors': 2 },
      { id: a.id, email: 'admin@recytrade.test' },
    );
    // The rebuild job recomputes the whole year, not only yesterday and today.
    await expect.poll(async () => (await points()).length, { timeout: 25_000 }).toBe(5);
    expect((await points())[0]).toMatchObject({ priceCentsPerTonne: 1_100_000, contributors: 2 });
  });

  it('carries the last value forward, marked, once contributors leave the 30-day window', async () => {
    const { db, clock, traders, barley, visitor, priceIndex } = await setup();
    for (const [i, trader] of traders.slice(0, 3).entries())
      await insertBarleyListing(db, trader, 1_000_000 + i * 100_000);
    await priceIndex.recompute();
    clock.advanceDays(40);
    await priceIndex.recompute();
    expect(await barley()).toMatchObject({
      priceCentsPerTonne: 1_100_000,
      source: 'carried forward',
      carriedForward: true,
      contributors: 0,
      change7dPercent: 0,
      change30dPercent: 0,
    });
    const series = (
      await visitor.get('/api/market/index/series?category=metals&grade=barley&days=90')
    ).json();
    expect(series.points).toHaveLength(41);
    expect(series.points.filter((p: { carriedForward: boolean }) => !p.carriedForward)).toHaveLength(30);
  });

  it('moves when a deal completes, after the job runs, and labels the point by source', async () => {
    const { app, db, traders, barley, priceIndex } = await setup();
    const [seller, s2, s3, buyer] = traders as [SessionUser, SessionUser, SessionUser, SessionUser];
    const listing = await insertBarleyListing(db, seller, 1_000_000);
    await insertBarleyListing(db, s2, 1_000_000);
    await insertBarleyListing(db, s3, 1_000_000);
    await priceIndex.recompute();
    expect(await barley()).toMatchObject({ priceCentsPerTonne: 1_000_000, source: 'listings' });

    // Completed without escrow: the parties settle outside the platform.
    await setSettings(db, [{ key: 'deals.escrow_required', value: false }]);
    const { deals } = app.services;
    const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue: 36_288 });
    await deals.act(buyer, deal.id, { action: 'confirm' });
    await deals.act(seller, deal.id, { action: 'confirm' });
    expect(await deals.act(seller, deal.id, { action: 'ship-goods' })).toMatchObject({ status: 'completed' });

    // The debounced job (10-second slots) recomputes without anyone calling it.
    let entry = await barley();
    for (let waited = 0; entry?.source !== 'deals+listings' && waited < 25_000; waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
      entry = await barley();
    }
    // The seller's vote is the average of its listing and its deal ($36,288 for 2 short tons: $20,000/t).
    expect(entry).toMatchObject({ source: 'deals+listings', contributors: 3, priceCentsPerTonne: 1_000_000 });
    const series = await app.services.priceIndex.getSeries({ category: 'metals', grade: 'barley', days: 30 });
    expect(series.points.at(-1)?.source).toBe('deals+listings');
    const metals = await app.services.priceIndex.compare({
      category: 'metals',
      grade: 'barley',
      priceCents: 1_500_000,
      unit: 'tonnes',
    });
    expect(metals.label).toBe('50% above the 30-day index');
  }, 40_000);

  it('serves series and comparisons, refusing bad input with a clear message', async () => {
    const { db, traders, visitor, priceIndex } = await setup();
    for (const [i, trader] of traders.slice(0, 3).entries())
      await insertBarleyListing(db, trader, 1_000_000 + i * 100_000);
    await priceIndex.recompute();

    const series = await visitor.get('/api/market/index/series?category=metals&grade=barley&days=30');
    expect(series.statusCode).toBe(200);
    expect(series.json()).toMatchObject({ category: 'metals', grade: 'barley', days: 30 });
    expect(series.json().points).toHaveLength(1);
    expect(series.json().points[0]).toMatchObject({ priceCentsPerTonne: 1_100_000, contributors: 3 });
    const whole = await visitor.get('/api/market/index/series?category=metals&days=365');
    expect(whole.json()).toMatchObject({ grade: null, points: [] });

    for (const [url, message] of [
      ['/api/market/index/series?category=metals&days=45', 'Days must be 30, 90 or 365'],
      ['/api/market/index/series?category=wood', 'Category must be textiles, metals, plastics or paper'],
      ['/api/market/index/series?category=metals&grade=gold', 'Unknown grade'],
      ['/api/market/compare?category=metals&priceCents=-1&unit=tonnes', 'Price must be positive'],
    ] as const) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().error), url).toContain(message);
    }

    // $10,886.22 per short ton is $12,000 per tonne: 9% above the $11,000 index.
    const compare = await visitor.get(
      '/api/market/compare?category=metals&grade=barley&priceCents=1088622&unit=tons',
    );
    expect(compare.json()).toEqual({
      indexCentsPerTonne: 1_100_000,
      differencePercent: 9,
      label: '9% above the 30-day index',
    });
    const batch = await visitor.post('/api/market/compare/batch', {
      items: [
        { key: 'a', category: 'metals', grade: 'barley', priceCents: 1_045_000, unit: 'tonnes' },
        { key: 'b', category: 'metals', grade: 'berry', priceCents: 1_045_000, unit: 'tonnes' },
        { key: 'c', category: 'metals', grade: 'barley', priceCents: 500, unit: 'pieces' },
        { key: 'd', category: 'metals', priceCents: 1_100_000, unit: 'tonnes' },
      ],
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().results).toEqual([
      { key: 'a', indexCentsPerTonne: 1_100_000, differencePercent: -5, label: '5% below the 30-day index' },
      // Berry has no index of its own: its family's (copper, here Barley's alone) stands in.
      {
        key: 'b',
        indexCentsPerTonne: 1_100_000,
        differencePercent: -5,
        label: '5% below the 30-day copper index',
      },
      { key: 'c', indexCentsPerTonne: null, differencePercent: null, label: null },
      // Without a grade nothing says which metal it is: no blended "all grades" comparison.
      { key: 'd', indexCentsPerTonne: null, differencePercent: null, label: null },
    ]);
    const tooMany = await visitor.post('/api/market/compare/batch', {
      items: Array.from({ length: 101 }, (_, i) => ({
        key: `${i}`,
        category: 'metals',
        priceCents: 1,
        unit: 'kg',
      })),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('compares stainless 304 with stainless only, never with a blend of all metals', async () => {
    const { db, traders, visitor, index, priceIndex } = await setup();
    const priced = async (trader: SessionUser, grade: string, pricePerTonneCents: number) => {
      const listing = await insertListing(db, trader.id, { quantity: 2 });
      await db
        .update(listings)
        .set({ grade, pricePerTonneCents, quantityTonnes: 2 })
        .where(eq(listings.id, listing.id));
    };
    for (const [i, trader] of traders.slice(0, 3).entries()) {
      await priced(trader, 'stainless-304', 120_000 + i * 10_000);
      await priced(trader, 'barley', 860_000);
      await priced(trader, 'hms-1', 34_200);
    }
    await priceIndex.recompute();
    const entries = (await index()).entries.filter((e) => e.category === 'metals');
    expect(entries.map((e) => e.grade).sort()).toEqual(['barley', 'hms-1', 'stainless-304']);

    const res = await visitor.post('/api/market/compare/batch', {
      items: [
        { key: 'stainless', category: 'metals', grade: 'stainless-304', priceCents: 140_000, unit: 'tonnes' },
        { key: 'brass', category: 'metals', grade: 'honey', priceCents: 500_000, unit: 'tonnes' },
      ],
    });
    expect(res.json().results).toEqual([
      {
        key: 'stainless',
        indexCentsPerTonne: 130_000,
        differencePercent: 8,
        label: '8% above the 30-day index',
      },
      { key: 'brass', indexCentsPerTonne: null, differencePercent: null, label: null },
    ]);
  });

  it('tells every open socket, visitors included, that the index was recomputed', async () => {
    const { app, priceIndex } = await setup();
    const url = await listenForSockets(app);
    const frames: Frame[] = [];
    const socket = new WebSocket(url, { headers: { origin: TEST_APP_URL } });
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    try {
      await expect.poll(() => frames[0]?.type).toBe('hello');
      const { computedAt } = await priceIndex.recompute();
      await expect
        .poll(() => frames.find((f) => f.type === 'market.index.updated'))
        .toEqual({ type: 'market.index.updated', computedAt: computedAt.toISOString() });
    } finally {
      socket.terminate();
    }
  });
});
