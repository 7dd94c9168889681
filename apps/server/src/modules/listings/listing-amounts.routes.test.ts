import { LISTING_MESSAGES, ListingSchema } from '@app/shared/listings/listings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createListingOf } from '../../../test/factories/messaging.ts';
import { bearer, listingBody } from '../../../test/factories/public-api.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

type Reply = { statusCode: number; body: string; json(): unknown };
const errorOf = (res: Reply) => (res.json() as { error: { code: string; message: string } }).error;

function expectRefused(res: Reply, message: string, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  expect(errorOf(res), label).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', message }));
}

const listingOf = async (client: TestClient, id: string) =>
  ListingSchema.parse((await client.get(`/api/listings/${id}`)).json());

describe('listing prices and quantities', () => {
  it('refuses a value past 1,000,000 or with more decimals than stored, naming the limit, on create and edit', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const listing = await createListingOf(client, { price: 95, quantity: 20 });
    const cases: Array<[Record<string, number>, string]> = [
      [{ price: 22_000_000 }, LISTING_MESSAGES.priceTooLarge],
      [{ price: 1e9 }, LISTING_MESSAGES.priceTooLarge],
      [{ price: 1_000_000.01 }, LISTING_MESSAGES.priceTooLarge],
      [{ quantity: 2.2e7 }, LISTING_MESSAGES.quantityTooLarge],
      [{ quantity: 1e9 }, LISTING_MESSAGES.quantityTooLarge],
      [{ quantity: 999_999.999 }, LISTING_MESSAGES.quantityDecimals],
      [{ price: 1.005 }, LISTING_MESSAGES.priceDecimals],
      [{ price: 0.001 }, LISTING_MESSAGES.priceDecimals],
      [{ quantity: 0.004 }, LISTING_MESSAGES.quantityDecimals],
    ];
    for (const [values, message] of cases) {
      const label = JSON.stringify(values);
      expectRefused(await client.post('/api/listings', listingBody(values)), message, `POST ${label}`);
      expectRefused(await client.patch(`/api/listings/${listing.id}`, values), message, `PATCH ${label}`);
    }
    expect(LISTING_MESSAGES.priceTooLarge).toContain('1,000,000');
    expect((await client.get('/api/me/listings')).json().items).toHaveLength(1);
    expect(await listingOf(client, listing.id)).toMatchObject({ priceCents: 9500, quantity: 20 });
  });

  it('stores the limits themselves and every value of 2 decimals exactly as sent', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const top = await createListingOf(client, { price: 1_000_000, quantity: 1_000_000 });
    expect(await listingOf(client, top.id)).toMatchObject({ priceCents: 100_000_000, quantity: 1_000_000 });
    const edited = await client.patch(`/api/listings/${top.id}`, { price: 999_999.99, quantity: 0.29 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listingOf(client, top.id)).toMatchObject({ priceCents: 99_999_999, quantity: 0.29 });
    const small = await createListingOf(client, { price: 1.01, quantity: 0.01 });
    expect(await listingOf(client, small.id)).toMatchObject({ priceCents: 101, quantity: 0.01 });
  });

  it('refuses the same values through the public API', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const key = await client.post('/api/me/api-keys', { name: 'Integration' });
    const token = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { apiKey: key.json().secret },
    });
    const headers = bearer(token.json().accessToken);
    const send = (values: Record<string, number>) =>
      app.inject({ method: 'POST', url: '/api/v1/listings', headers, payload: listingBody(values) });
    expectRefused(await send({ price: 22_000_000 }), LISTING_MESSAGES.priceTooLarge, 'v1 price');
    expectRefused(await send({ quantity: 999_999.999 }), LISTING_MESSAGES.quantityDecimals, 'v1 quantity');
    expectRefused(await send({ price: 1.005 }), LISTING_MESSAGES.priceDecimals, 'v1 decimals');
  });
});
