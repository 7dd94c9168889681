import { type ListingPage, ListingPageSchema } from '@app/shared/listings/listings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { smallPng, uploadParts } from '../../../test/factories/listings.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { searchListings } from './listings.repository.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-${process.pid}`);

const search = async (client: TestClient, query = ''): Promise<ListingPage> => {
  const res = await client.get(`/api/listings${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return ListingPageSchema.parse(res.json());
};

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('the marketplace search between requests (kept settings, estimates and counts)', () => {
  it('applies a change of the moderation setting to the very next search', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const owner = await signedInClient(app);
    const listing = await createListingOf(owner.client, { title: 'Mixed brass turnings' });
    const visitor = createClient(app);
    expect((await search(visitor)).items.map((l) => l.id)).toContain(listing.id);

    // Pending review: hidden as soon as pre-moderation is on, shown again as soon as it is off.
    await admin.client.patch('/api/admin/settings', { 'listings.pre_moderation': true });
    expect(await search(visitor)).toMatchObject({ items: [], total: 0, totalExact: true });
    await admin.client.patch('/api/admin/settings', { 'listings.pre_moderation': false });
    expect((await search(visitor)).items.map((l) => l.id)).toEqual([listing.id]);
  });

  it('shows a new listing, and counts it, in the next search after it is created', async () => {
    const { app, database } = await buildTestApp();
    const owner = await signedInClient(app);
    const visitor = createClient(app);
    const first = await createListingOf(owner.client, { title: 'Copper wire, bare bright' });
    expect(await search(visitor, 'q=copper')).toMatchObject({ total: 1, totalExact: true });
    expect((await search(visitor)).total).toBe(1);

    const second = await createListingOf(owner.client, { title: 'Copper cathodes' });
    const byText = await search(visitor, 'q=copper');
    expect(byText.items.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(byText).toMatchObject({ total: 2, totalExact: true });
    expect((await search(visitor)).total).toBe(2);

    // Written by another instance (straight to the database, no change seen here): the page shows
    // it at once; the total may lag by SEARCH_COUNT_TTL_MS at most.
    const trader = await insertTrader(database.db);
    const elsewhere = await insertListing(database.db, trader.id, { title: 'Copper scrap, No. 1' });
    const after = await search(visitor, 'q=copper');
    expect(after.items.map((l) => l.id)).toContain(elsewhere.id);
    expect([2, 3]).toContain(after.total);
  });

  it("answers each listing's own photos and what deals hold of it", { timeout: 60_000 }, async () => {
    const { app } = await buildTestApp({ storage });
    const seller = await signedInClient(app);
    const buyer = await signedInClient(app);
    await createCompanyOf(seller.client);
    const image = (await uploadParts(seller.client, [{ filename: 'a.png', bytes: await smallPng() }])).json();
    const withPhoto = await createListingOf(seller.client, {
      title: 'Aluminium UBC bales',
      imageIds: [image.id],
    });
    const withoutPhoto = await createListingOf(seller.client, {
      title: 'Aluminium extrusions',
      quantity: 20,
    });
    const deal = await buyer.client.post('/api/deals/buy-now', { listingId: withoutPhoto.id, quantity: 15 });
    expect(deal.statusCode, deal.body).toBe(201);

    const page = await search(createClient(app), 'q=aluminium');
    const byId = new Map(page.items.map((l) => [l.id, l]));
    expect(byId.get(withPhoto.id)?.images).toEqual([
      { id: image.id, url: image.url, thumbnailUrl: image.thumbnailUrl, width: 40, height: 30 },
    ]);
    expect(byId.get(withoutPhoto.id)).toMatchObject({ images: [], quantity: 20, remainingQuantity: 5 });
    // The page without photos answers the same (no photo read at all).
    expect((await search(createClient(app), 'q=extrusions')).items[0]).toMatchObject({
      id: withoutPhoto.id,
      images: [],
      remainingQuantity: 5,
    });
  });

  it('answers the same pages and totals as the search without anything kept', async () => {
    const { app, database } = await buildTestApp();
    const trader = await insertTrader(database.db);
    for (let i = 0; i < 25; i++)
      await insertListing(database.db, trader.id, {
        title: i % 2 ? `Copper wire lot ${i}` : `PET flakes lot ${i}`,
        priceCents: 1_000 * (i + 1),
      });
    const visitor = createClient(app);
    const queries = ['', 'q=copper', 'q=copper&sort=price_asc', 'sort=price_desc&page=2', 'q=flakes&page=2'];
    for (const query of queries)
      for (let i = 0; i < 2; i++) {
        const answer = await search(visitor, query);
        const parsed = Object.fromEntries(new URLSearchParams(query));
        const plain = await searchListings(
          database.db,
          {
            sort: 'newest',
            page: 1,
            limit: 20,
            ...parsed,
            ...(parsed.page ? { page: Number(parsed.page) } : {}),
          } as Parameters<typeof searchListings>[1],
          { preModeration: false },
        );
        expect(Object.keys(answer).sort()).toEqual(['items', 'page', 'pageSize', 'total', 'totalExact']);
        expect(answer.items.map((l) => l.id)).toEqual(plain.rows.map((r) => r.id));
        expect({ total: answer.total, totalExact: answer.totalExact }).toEqual({
          total: plain.total,
          totalExact: plain.totalExact,
        });
      }
  });
});
