import { DealSchema } from '@app/shared/deals/deals.schemas';
import { ListingPageSchema, ListingSchema } from '@app/shared/listings/listings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { race } from '../../../test/factories/money.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

const TITLE = 'Shredded aluminium extrusions';

async function setup(quantity: number) {
  const { app } = await buildTestApp();
  const [buyer, seller, other, admin] = await Promise.all([
    signedInClient(app),
    signedInClient(app),
    signedInClient(app),
    adminClient(app),
  ]);
  await createCompanyOf(seller.client);
  const listing = await createListingOf(seller.client, { title: TITLE, price: 100, quantity });
  return { app, buyer, seller, other, admin, listing, visitor: createClient(app) };
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string; details?: unknown } }).error;
const listingOf = async (client: TestClient, id: string) => {
  const res = await client.get(`/api/listings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ListingSchema.parse(res.json());
};
const searchIds = async (client: TestClient) =>
  ListingPageSchema.parse(
    (await client.get(`/api/listings?q=${encodeURIComponent(TITLE)}`)).json(),
  ).items.map((l) => l.id);

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('quantities held by deals', () => {
  it('twenty concurrent Buy Now requests from different buyers take at most the listing quantity', {
    timeout: 120_000,
  }, async () => {
    const { app, seller, listing, visitor } = await setup(10);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInClient(app)));
    const answers = await race(20, (i) =>
      buyers[i].client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 1 }),
    );
    const codes = answers.map((a) => (a.status === 'fulfilled' ? a.value.statusCode : 0));
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    for (const a of answers) {
      if (a.status !== 'fulfilled' || a.value.statusCode !== 409) continue;
      expect(errorOf(a.value)).toMatchObject({
        code: 'LISTING_QUANTITY_UNAVAILABLE',
        message: 'This listing is sold: deals hold its whole quantity.',
        details: { remainingQuantity: 0 },
      });
    }
    const deals = (await seller.client.get('/api/deals')).json().deals as { quantity: number }[];
    expect(deals.reduce((sum, d) => sum + d.quantity, 0)).toBe(10);

    // Sold out: the page still opens and says so; the marketplace no longer lists it.
    expect(await listingOf(visitor, listing.id)).toMatchObject({ status: 'sold', remainingQuantity: 0 });
    expect(await searchIds(visitor)).not.toContain(listing.id);
  });

  it('refuses a deal larger than what remains, at creation and when an offer is agreed', {
    timeout: 60_000,
  }, async () => {
    const { buyer, seller, other, listing, visitor } = await setup(20);
    const first = await buyer.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 15 });
    expect(first.statusCode).toBe(201);
    expect(DealSchema.parse(first.json())).toMatchObject({ quantity: 15, dealValueCents: 150_000 });
    expect(await listingOf(visitor, listing.id)).toMatchObject({
      status: 'active',
      quantity: 20,
      remainingQuantity: 5,
    });

    const tooMuch = await other.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 6 });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toMatchObject({
      code: 'LISTING_QUANTITY_UNAVAILABLE',
      message: 'Only 5 tons remain on this listing.',
      details: { remainingQuantity: 5 },
    });
    const offerTooMuch = await other.client.post('/api/deals', {
      listingId: listing.id,
      dealValue: 500,
      quantity: 6,
    });
    expect(offerTooMuch.statusCode).toBe(409);

    // Offers hold nothing until agreed: two compete for the last 5 tons, the first agreed takes them.
    const offerA = DealSchema.parse(
      (await other.client.post('/api/deals', { listingId: listing.id, dealValue: 480, quantity: 5 })).json(),
    );
    const offerB = DealSchema.parse(
      (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 470 })).json(),
    );
    expect(offerB.quantity).toBe(5);
    expect((await listingOf(visitor, listing.id)).remainingQuantity).toBe(5);
    for (const [client, id] of [
      [other.client, offerA.id],
      [seller.client, offerA.id],
      [buyer.client, offerB.id],
    ] as const)
      expect((await client.post(`/api/deals/${id}/actions`, { action: 'confirm' })).statusCode).toBe(200);
    expect(await listingOf(visitor, listing.id)).toMatchObject({ status: 'sold', remainingQuantity: 0 });
    const late = await seller.client.post(`/api/deals/${offerB.id}/actions`, { action: 'confirm' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('LISTING_QUANTITY_UNAVAILABLE');
    expect(DealSchema.parse((await buyer.client.get(`/api/deals/${offerB.id}`)).json()).status).toBe(
      'initiated',
    );

    // The owner cannot cut the quantity below what deals hold; raising it puts the listing back on sale.
    const cut = await seller.client.patch(`/api/listings/${listing.id}`, { quantity: 10 });
    expect(cut.statusCode).toBe(409);
    expect(errorOf(cut)).toMatchObject({
      code: 'LISTING_QUANTITY_UNAVAILABLE',
      message: 'Deals hold 20 tons of this listing: the quantity cannot be less.',
    });
    const raised = await seller.client.patch(`/api/listings/${listing.id}`, { quantity: 25 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ status: 'active', remainingQuantity: 5 });
    expect(
      (await seller.client.post(`/api/deals/${offerB.id}/actions`, { action: 'confirm' })).statusCode,
    ).toBe(200);
    expect(await listingOf(visitor, listing.id)).toMatchObject({ status: 'sold', remainingQuantity: 0 });
  });

  it('a cancelled deal returns its quantity and the listing returns to the marketplace', async () => {
    const { buyer, seller, listing, visitor } = await setup(20);
    const deal = DealSchema.parse(
      (await buyer.client.post('/api/deals/buy-now', { listingId: listing.id })).json(),
    );
    expect(deal).toMatchObject({ quantity: 20, dealValueCents: 200_000 });
    expect(await listingOf(visitor, listing.id)).toMatchObject({ status: 'sold', remainingQuantity: 0 });
    expect(await searchIds(visitor)).not.toContain(listing.id);
    // A repeat click still answers with the buyer's open deal, not a refusal.
    const again = await buyer.client.post('/api/deals/buy-now', { listingId: listing.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(deal.id);

    const rejected = await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'reject' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await listingOf(visitor, listing.id)).toMatchObject({ status: 'active', remainingQuantity: 20 });
    expect(await searchIds(visitor)).toContain(listing.id);
  });

  it('Buy Now by role: visitors sign in, owners cannot buy, other users and administrators can', async () => {
    const { seller, other, admin, listing, visitor } = await setup(20);
    expect(
      (await visitor.post('/api/deals/buy-now', { listingId: listing.id, quantity: 1 })).statusCode,
    ).toBe(401);
    const own = await seller.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 1 });
    expect(own.statusCode).toBe(403);
    expect(
      (await other.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 4 })).statusCode,
    ).toBe(201);
    expect(
      (await admin.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 6 })).statusCode,
    ).toBe(201);
    // Each sees what remains: visitor, owner (with moderation notes) and administrator alike.
    for (const client of [visitor, seller.client, admin.client])
      expect((await listingOf(client, listing.id)).remainingQuantity).toBe(10);
    const page = ListingPageSchema.parse(
      (await visitor.get(`/api/listings?q=${encodeURIComponent(TITLE)}`)).json(),
    );
    expect(page.items.find((l) => l.id === listing.id)?.remainingQuantity).toBe(10);
  });
});
