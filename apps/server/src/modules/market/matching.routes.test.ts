import type { MatchList, NotificationList } from '@app/shared/market/matching.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { matchingSettled } from '../../../test/factories/matching.ts';
import { createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('matching and notification endpoints', () => {
  it('answer 401 without a session', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    for (const [method, url, payload] of [
      ['GET', '/api/me/matches'],
      ['GET', '/api/listings/lst_1/matches'],
      ['GET', '/api/me/match-preferences'],
      ['PATCH', '/api/me/match-preferences', { emailDigest: false }],
      ['GET', '/api/me/notifications'],
      ['PATCH', '/api/me/notifications', { all: true }],
      ['GET', '/api/me/notifications/unread-count'],
    ] as const) {
      const res = await visitor.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("shows a listing's matches to its owner only, and both sides in Matches for you", async () => {
    const { app, database } = await buildTestApp();
    const buyer = await signedInClient(app);
    const seller = await signedInClient(app, { company: 'Baltic Fibre' });
    const buy = await createListingOf(buyer.client, {
      type: 'buy',
      title: 'OCC wanted',
      quantity: 30,
      price: 100,
    });
    await matchingSettled(database.db);
    const sell = await createListingOf(seller.client, { title: 'OCC bales', quantity: 20, price: 95 });

    await expect
      .poll(async () => ((await buyer.client.get('/api/me/matches')).json() as MatchList).items.length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mine = (await buyer.client.get('/api/me/matches?limit=5')).json() as MatchList;
    expect(mine.items[0]).toMatchObject({
      forListingId: buy.id,
      forListingTitle: 'OCC wanted',
      listing: {
        id: sell.id,
        title: 'OCC bales',
        type: 'sell',
        ownerId: seller.user.id,
        companyName: 'Baltic Fibre',
      },
      reasonText: '18 t of 27 t wanted, 5% under your price, 0 km',
    });
    const ofListing = await seller.client.get(`/api/listings/${sell.id}/matches`);
    expect(ofListing.statusCode).toBe(200);
    expect((ofListing.json() as MatchList).items[0]).toMatchObject({
      listing: { id: buy.id },
      forListingId: sell.id,
    });

    expect((await buyer.client.get(`/api/listings/${sell.id}/matches`)).statusCode).toBe(403);
    expect((await buyer.client.get('/api/listings/no-such-listing/matches')).statusCode).toBe(404);
    expect((await buyer.client.get('/api/me/matches?limit=0')).statusCode).toBe(400);
  });

  it('lists notifications newest first and marks them read', async () => {
    const { app, database } = await buildTestApp();
    const buyer = await signedInClient(app);
    const seller = await signedInClient(app);
    await createListingOf(buyer.client, { type: 'buy', title: 'OCC wanted', price: 100 });
    await createListingOf(buyer.client, { type: 'buy', title: 'More OCC wanted', price: 100 });
    await matchingSettled(database.db);
    await createListingOf(seller.client, { title: 'OCC bales', price: 95 });

    await expect
      .poll(async () => (await buyer.client.get('/api/me/notifications/unread-count')).json(), {
        timeout: 20_000,
      })
      .toEqual({ count: 1 });
    const list = (await buyer.client.get('/api/me/notifications')).json() as NotificationList;
    expect(list.unreadCount).toBe(1);
    // One notification although the new listing matches two of the buyer's.
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'match-found',
      title: '2 new matches for your listings',
      readAt: null,
    });
    expect(list.items[0].body).toMatch(/^OCC bales: /);
    expect((await seller.client.get('/api/me/notifications')).json()).toEqual({ items: [], unreadCount: 0 });

    // Someone else's ids are ignored.
    expect((await seller.client.patch('/api/me/notifications', { ids: [list.items[0].id] })).json()).toEqual({
      count: 0,
    });
    expect((await buyer.client.get('/api/me/notifications/unread-count')).json()).toEqual({ count: 1 });
    const marked = await buyer.client.patch('/api/me/notifications', { ids: [list.items[0].id] });
    expect(marked.json()).toEqual({ count: 0 });
    const after = (await buyer.client.get('/api/me/notifications')).json() as NotificationList;
    expect(after.items[0].readAt).not.toBeNull();
    expect((await buyer.client.patch('/api/me/notifications', { all: false })).statusCode).toBe(400);
  });

  it('keeps the match digest preference per user', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    expect((await client.get('/api/me/match-preferences')).json()).toEqual({ emailDigest: true });
    expect((await client.patch('/api/me/match-preferences', { emailDigest: false })).json()).toEqual({
      emailDigest: false,
    });
    expect((await client.get('/api/me/match-preferences')).json()).toEqual({ emailDigest: false });
    expect((await client.patch('/api/me/match-preferences', { emailDigest: 'no' })).statusCode).toBe(400);
  });

  it('stores the radius of a buy listing, never of a sell listing, and the geocoded place', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const body = {
      title: 'HMS wanted',
      type: 'buy',
      description: 'HMS 1&2 80:20',
      availability: 'immediate',
      category: 'metals',
      location: 'Chicago, IL',
      price: 300,
      quantity: 500,
      unit: 'tons',
    };
    const buy = await client.post('/api/listings', { ...body, matchRadiusKm: 800 });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json().listing).toMatchObject({ matchRadiusKm: 800, geocodedPlace: 'Chicago, IL, US' });
    const sell = await createListingOf(client, { matchRadiusKm: 800, location: 'Qwxyz scrap yard' });
    expect(sell).toMatchObject({ matchRadiusKm: null, geocodedPlace: null });
    expect((await client.post('/api/listings', { ...body, matchRadiusKm: 0 })).statusCode).toBe(400);
    const patched = await client.patch(`/api/listings/${buy.json().listing.id}`, { matchRadiusKm: null });
    expect(patched.json()).toMatchObject({ matchRadiusKm: null });
  });
});
