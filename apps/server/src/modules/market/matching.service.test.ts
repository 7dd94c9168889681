import {
  CreateListingBodySchema,
  type CreateListingInput,
  UpdateListingBodySchema,
} from '@app/shared/listings/listings.schemas';
import type { Match } from '@app/shared/market/matching.schemas';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertTrader } from '../../../test/factories/deals.ts';
import { matchingSettled } from '../../../test/factories/matching.ts';
import { setSettings } from '../../../test/factories/settings.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { userNotifications } from '../../db/schema.ts';
import type { SessionUser } from '../accounts/index.ts';
import { listingMatches } from './matching.table.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** The database of the test's app (the queue's tables live there too). */
let testDb: Db;

async function setup() {
  const { app, database } = await buildTestApp();
  testDb = database.db;
  const trader = (name: string) => insertTrader(database.db, name);
  return { app, db: database.db, trader };
}

/** Creates a listing through the listings service, as the API does (geocoding, per-tonne figures, hook). */
async function post(app: FastifyInstance, owner: SessionUser, overrides: Partial<CreateListingInput>) {
  const body = CreateListingBodySchema.parse({
    title: 'Copper wire',
    type: 'buy',
    description: 'Bare bright copper wire, clean.',
    availability: 'immediate',
    category: 'metals',
    location: 'Rotterdam, Netherlands',
    price: 8000,
    quantity: 60,
    unit: 'tonnes',
    ...overrides,
  });
  const { listing } = await app.services.listings.createListing(owner, body);
  await matchingSettled(testDb);
  return listing.id;
}

const matchesOf = async (app: FastifyInstance, owner: SessionUser, listingId: string) =>
  (await app.services.matching.listListingMatches(owner, listingId, { limit: 50 })).items;

/** The matching job runs after each change; waits until `listingId` shows `count` matches. */
async function waitForMatches(app: FastifyInstance, owner: SessionUser, listingId: string, count: number) {
  await expect
    .poll(async () => (await matchesOf(app, owner, listingId)).length, { timeout: 20_000 })
    .toBe(count);
  return matchesOf(app, owner, listingId);
}

const counterpartIds = (matches: Match[]) => matches.map((m) => m.listing.id).sort();
const notificationsOf = async (app: FastifyInstance, user: SessionUser) =>
  (await app.services.userNotifications.list(user.id, { limit: 20 })).items;

describe('smart matching', () => {
  it('matches a new sell listing with the right buy listings and notifies only their owners', async () => {
    const { app, trader } = await setup();
    const [seller, good, anyGrade, sameFamily, aluminium, cans, cheap, tooBig, plastics, pieces] =
      await Promise.all(
        [
          'Seller',
          'Good',
          'AnyGrade',
          'SameFamily',
          'Aluminium',
          'Cans',
          'Cheap',
          'TooBig',
          'Plastics',
          'Pieces',
        ].map(trader),
      );
    const publish = vi.spyOn(app.services.realtime, 'publishToUser');
    // $8,000/t asked for 40 t of Barley in Rotterdam.
    const goodBuy = await post(app, good, { grade: 'barley', price: 8500 });
    const anyGradeBuy = await post(app, anyGrade, { location: 'Hamburg', price: 7400 });
    // Another copper grade matches; aluminium never does, graded or only named in the title (issue 20).
    const sameFamilyBuy = await post(app, sameFamily, { grade: 'berry', price: 9000 });
    await post(app, aluminium, { grade: 'taldon', price: 9000, title: 'Aluminium cans' });
    await post(app, cans, { price: 9000, title: 'Wanted: aluminium UBC' });
    await post(app, cheap, { grade: 'barley', price: 7100 }); // 11% under the seller: past the 10% tolerance
    await post(app, tooBig, { grade: 'barley', quantity: 1000 }); // 40 t is 4% of what they want
    await post(app, plastics, { category: 'plastics', price: 9000 });
    await post(app, pieces, { unit: 'pieces', quantity: 60, price: 9000 });
    const ownBuy = await post(app, seller, { grade: 'barley', price: 9000, title: 'Own wanted' });
    const sell = await post(app, seller, { type: 'sell', grade: 'barley', quantity: 40, price: 8000 });

    const matches = await waitForMatches(app, seller, sell, 3);
    expect(counterpartIds(matches)).toEqual([goodBuy, anyGradeBuy, sameFamilyBuy].sort());
    expect(matches.map((m) => m.listing.id)).not.toContain(ownBuy);
    // Best first: same grade beats another grade of the family, which beats no grade, 7.5% under and 411 km.
    expect(matches[0]).toMatchObject({
      listing: { id: goodBuy, ownerId: good.id, type: 'buy' },
      forListingId: sell,
      reasons: { sameGrade: true, quantity: { overlap: 40, wanted: 60, unit: 'tonnes' }, distanceKm: 0 },
      reasonText: 'same grade, 40 t of 60 t wanted, 6% above your price, 0 km',
    });
    expect(matches[1]).toMatchObject({ listing: { id: sameFamilyBuy }, reasons: { sameGrade: false } });
    expect(matches[2].reasons).toMatchObject({ sameGrade: false, pricePercent: -7.5 });
    expect(matches[2].reasons.distanceKm).toBeGreaterThan(380);
    expect(matches[2].reasons.distanceKm).toBeLessThan(440);
    expect(matches[0].score).toBeGreaterThan(matches[1].score);
    expect(matches[1].score).toBeGreaterThan(matches[2].score);

    // The buyer sees the same match from their side ("under your price" is about the buyer's price).
    const fromBuyer = await matchesOf(app, good, goodBuy);
    expect(fromBuyer).toHaveLength(1);
    expect(fromBuyer[0]).toMatchObject({
      listing: { id: sell, ownerId: seller.id },
      reasons: { pricePercent: -5.9 },
    });
    expect(fromBuyer[0].reasonText).toBe('same grade, 40 t of 60 t wanted, 6% under your price, 0 km');

    for (const user of [good, anyGrade, sameFamily]) {
      const items = await notificationsOf(app, user);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ kind: 'match-found', link: `/listings/${sell}`, readAt: null });
    }
    for (const user of [seller, aluminium, cans, cheap, tooBig, plastics, pieces])
      expect(await notificationsOf(app, user)).toEqual([]);
    await expect
      .poll(
        () =>
          publish.mock.calls.filter(([userId, e]) => userId === good.id && e.type === 'match.found').length,
      )
      .toBe(1);
  });

  it('tells the owner of the listing that was there first, whichever side the job computes', async () => {
    const { app, db, trader } = await setup();
    const [buyer, seller] = await Promise.all(['Buyer', 'Seller'].map(trader));
    const buy = await post(app, buyer, { grade: 'barley', price: 8500, title: 'Wanted: Barley' });
    const sell = await post(app, seller, { type: 'sell', grade: 'barley', price: 8000, title: 'Barley lot' });
    await waitForMatches(app, seller, sell, 1);
    expect((await notificationsOf(app, buyer)).map((n) => n.link)).toEqual([`/listings/${sell}`]);

    // As a start-up backfill would: the pair is recorded again from the older (buy) listing's side.
    await db.delete(listingMatches);
    await db.delete(userNotifications);
    await app.services.matching.computeMatches(buy);
    const told = await notificationsOf(app, buyer);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New seller for your listing',
      link: `/listings/${sell}`,
      body: 'Barley lot: same grade, 60 t of 60 t wanted, 6% under your price, 0 km',
    });
    expect(await notificationsOf(app, seller)).toEqual([]);
  });

  it('reads a price difference past 200% as "far above your price" rather than a figure', async () => {
    const { app, trader } = await setup();
    const [buyer, seller] = await Promise.all(['Buyer', 'Seller'].map(trader));
    // $40,000/t offered for copper the seller asks $8,000/t for: most likely a price meant per pound.
    const buy = await post(app, buyer, { grade: 'birch', price: 40_000 });
    const sell = await post(app, seller, { type: 'sell', grade: 'birch', price: 8000 });

    const [fromSeller] = await waitForMatches(app, seller, sell, 1);
    expect(fromSeller.reasons.pricePercent).toBe(400);
    expect(fromSeller.reasonText).toBe('same grade, 60 t of 60 t wanted, far above your price, 0 km');
    const [fromBuyer] = await matchesOf(app, buyer, buy);
    expect(fromBuyer.reasonText).toBe('same grade, 60 t of 60 t wanted, 80% under your price, 0 km');
  });

  it('removes stored matches between different grade families and keeps those within one', async () => {
    const { app, db, trader } = await setup();
    const [buyer, copper, cans] = await Promise.all(['Buyer', 'Copper', 'Cans'].map(trader));
    const buy = await post(app, buyer, { title: 'Copper wire wanted' });
    const copperSell = await post(app, copper, { type: 'sell', grade: 'barley' });
    const cansSell = await post(app, cans, { type: 'sell', title: 'Aluminium cans', quantity: 5000 });
    await waitForMatches(app, buyer, buy, 1);
    // A pair stored under the earlier rule, which matched any grade with a listing that gave none.
    const reasons = {
      sameGrade: false,
      quantity: { overlap: 60, wanted: 60, unit: 'tonnes' as const },
      pricePercentForBuyer: 0,
      pricePercentForSeller: 0,
      distanceKm: 0,
    };
    await db.insert(listingMatches).values({
      id: 'mat_cross_family',
      buyListingId: buy,
      sellListingId: cansSell,
      score: 0.7,
      reasons,
    });
    expect(counterpartIds(await matchesOf(app, buyer, buy))).toEqual([copperSell, cansSell].sort());

    expect(await app.services.matching.removeCrossFamilyMatches()).toBe(1);
    expect(counterpartIds(await matchesOf(app, buyer, buy))).toEqual([copperSell]);
  });

  it('matches within the buyer radius when both places are geocoded, and unresolved places on the rest', async () => {
    const { app, trader } = await setup();
    const [buyer, near, far, unknown] = await Promise.all(['Buyer', 'Near', 'Far', 'Unknown'].map(trader));
    const buy = await post(app, buyer, { location: 'Chicago, IL', matchRadiusKm: 500, quantity: 20 });
    const nearSell = await post(app, near, { type: 'sell', location: 'Milwaukee, WI', quantity: 20 });
    await post(app, far, { type: 'sell', location: 'Houston, TX', quantity: 20 });
    const unknownSell = await post(app, unknown, {
      type: 'sell',
      location: 'Yard 7, somewhere',
      quantity: 20,
    });

    const matches = await waitForMatches(app, buyer, buy, 2);
    expect(counterpartIds(matches)).toEqual([nearSell, unknownSell].sort());
    const milwaukee = matches.find((m) => m.listing.id === nearSell);
    expect(milwaukee?.reasons.distanceKm).toBeGreaterThan(100);
    expect(milwaukee?.reasons.distanceKm).toBeLessThan(160);
    expect(matches.find((m) => m.listing.id === unknownSell)?.reasons.distanceKm).toBeNull();
  });

  it('matches pieces only with pieces, and compares mass units per tonne', async () => {
    const { app, trader } = await setup();
    const [buyer, pallets, shortTons] = await Promise.all(['Buyer', 'Pallets', 'ShortTons'].map(trader));
    const buyPieces = await post(app, buyer, {
      category: 'plastics',
      unit: 'pieces',
      quantity: 500,
      price: 4,
    });
    const buyTonnes = await post(app, buyer, { category: 'paper', unit: 'tonnes', quantity: 20, price: 100 });
    const palletSell = await post(app, pallets, {
      type: 'sell',
      category: 'plastics',
      unit: 'pieces',
      quantity: 300,
      price: 4,
    });
    // 22 short tons at $90.72 per short ton are 19.96 t at $100 per tonne.
    const tonsSell = await post(app, shortTons, {
      type: 'sell',
      category: 'paper',
      unit: 'tons',
      quantity: 22,
      price: 90.72,
    });

    const pieceMatches = await waitForMatches(app, pallets, palletSell, 1);
    expect(pieceMatches[0]).toMatchObject({
      listing: { id: buyPieces },
      reasons: { quantity: { overlap: 300, wanted: 500, unit: 'pieces' }, pricePercent: 0 },
    });
    const paperMatches = await waitForMatches(app, shortTons, tonsSell, 1);
    expect(paperMatches[0].listing.id).toBe(buyTonnes);
    expect(paperMatches[0].reasonText).toBe('20 t of 20 t wanted, at your price, 0 km');
  });

  it('recomputes when a listing changes, applies the tolerance setting, and drops matches of deleted listings', async () => {
    const { app, db, trader } = await setup();
    const [buyer, seller] = await Promise.all(['Buyer', 'Seller'].map(trader));
    const buy = await post(app, buyer, { price: 7500 });
    const sell = await post(app, seller, { type: 'sell', price: 8000 });
    await waitForMatches(app, seller, sell, 1);

    // 6.25% under the seller: out with a 5% tolerance, in again at 10%.
    await setSettings(db, [{ key: 'market.match_price_tolerance_bps', value: 500 }]);
    await app.services.listings.updateOwnListing(
      seller,
      sell,
      UpdateListingBodySchema.parse({ quantity: 50 }),
    );
    await waitForMatches(app, seller, sell, 0);
    expect(await matchesOf(app, buyer, buy)).toEqual([]);

    await setSettings(db, [{ key: 'market.match_price_tolerance_bps', value: 1000 }]);
    await app.services.listings.updateOwnListing(buyer, buy, UpdateListingBodySchema.parse({ price: 7600 }));
    await waitForMatches(app, buyer, buy, 1);
    // The pair is new again, so the seller hears of it; the buyer had heard of the first one.
    expect(await notificationsOf(app, seller)).toHaveLength(1);
    expect(await notificationsOf(app, buyer)).toHaveLength(1);

    await app.services.listings.deleteOwnListing(seller, sell);
    expect(await matchesOf(app, buyer, buy)).toEqual([]);
    expect((await app.services.matching.listMyMatches(buyer, { limit: 20 })).items).toEqual([]);
  });

  it('sends one daily digest of new matches to those who did not turn it off', async () => {
    const { app, trader } = await setup();
    const [buyer, quiet, seller] = await Promise.all(['Buyer', 'Quiet', 'Seller'].map(trader));
    await app.services.matching.updatePreferences(quiet, { emailDigest: false });
    await post(app, buyer, { title: 'Copper wanted' });
    await post(app, quiet, { title: 'Copper wanted too' });
    const sell = await post(app, seller, { type: 'sell', title: 'Barley copper for sale' });
    await waitForMatches(app, seller, sell, 2);

    // Buyer and seller: the seller's listing has new matches too.
    expect(await app.services.matching.sendDigests()).toBe(2);
    const mailbox = await app.services.notifications.listMailbox({ limit: 50 });
    const digests = mailbox.filter((e) => e.kind === 'match-digest');
    expect(digests.map((e) => e.toAddress).sort()).toEqual([buyer.email, seller.email].sort());
    const toBuyer = digests.find((e) => e.toAddress === buyer.email);
    expect(toBuyer?.subject).toBe('1 new match for your listings on Recytrade');
    expect(toBuyer?.textBody).toContain(
      'Barley copper for sale: 60 t of 60 t wanted, at your price, 0 km (for "Copper wanted")',
    );
    expect(await app.services.matching.sendDigests()).toBe(0);
  });
});
