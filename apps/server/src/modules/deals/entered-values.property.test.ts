import { DealSchema } from '@app/shared/deals/deals.schemas';
import { ListingSchema } from '@app/shared/listings/listings.schemas';
import { multiplyCents } from '@app/shared/money/money';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks, subscribedClient } from '../../../test/factories/billing.ts';
import { paySandboxCheckout } from '../../../test/factories/deals.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { bearer, listingBody } from '../../../test/factories/public-api.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

// Every money and quantity field a person or a program can send, fed random numbers: the answer is
// a 2xx whose stored value is exactly what was sent, or a 400 that says why; never a value changed
// without a word (clamped, rounded) and never a 500.

beforeAll(async () => {
  await getWorkerDatabase();
});

/** Numbers as forms and programs send them: typed amounts, 4-decimal quantities, any double, and the edges. */
const sent = fc.oneof(
  fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
  fc.integer({ min: 1, max: 10_000_000_000 }).map((units) => units / 10_000),
  fc.double({ min: -10, max: 3e9, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    22_000_000,
    1e9,
    2.2e7,
    999_999.999,
    1.005,
    2.675,
    0,
    1e-7,
    0.1 + 0.2,
    0.29,
    1_000_000,
    1_000_000.01,
    Number.MAX_SAFE_INTEGER,
    1e21,
  ),
);
const RUNS = { numRuns: 30 };

type Reply = { statusCode: number; body: string; json(): unknown };

/** A 2xx whose stored value (read back by `stored`) is the one sent, or a 400 VALIDATION_FAILED. */
async function expectKeptOrRefused(
  label: string,
  value: number,
  res: Reply,
  stored: (res: Reply) => Promise<number> | number,
) {
  const context = `${label} ${value}: ${res.body.slice(0, 300)}`;
  if (res.statusCode === 400) {
    expect((res.json() as { error: { code: string } }).error.code, context).toBe('VALIDATION_FAILED');
    return false;
  }
  expect(res.statusCode, context).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, context).toBeLessThan(300);
  // JSON has no negative zero: -0 travels, and is rightly stored, as 0.
  expect(await stored(res), context).toBe(value === 0 ? 0 : value);
  return true;
}

const listingOf = async (client: TestClient, id: string) =>
  ListingSchema.parse((await client.get(`/api/listings/${id}`)).json());
const dealOf = async (client: TestClient, id: string) =>
  DealSchema.parse((await client.get(`/api/deals/${id}`)).json());

describe('every money and quantity field', () => {
  it('stores listing prices and quantities as sent or refuses them: forms (POST, PATCH) and the public API', async () => {
    const { app } = await buildTestApp();
    const seller = await subscribedClient(app);
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    const key = await seller.client.post('/api/me/api-keys', { name: 'Integration' });
    const token = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { apiKey: key.json().secret },
    });
    const headers = bearer(token.json().accessToken);
    const created = (res: Reply) => (res.json() as { listing: { id: string } }).listing.id;
    await fc.assert(
      fc.asyncProperty(sent, sent, async (price, quantity) => {
        const { client } = seller;
        const priceOf = async (id: string) => (await listingOf(client, id)).priceCents / 100;
        const quantityOf = async (id: string) => (await listingOf(client, id)).quantity;
        await expectKeptOrRefused(
          'POST price',
          price,
          await client.post('/api/listings', listingBody({ price })),
          (r) => priceOf(created(r)),
        );
        await expectKeptOrRefused(
          'POST quantity',
          quantity,
          await client.post('/api/listings', listingBody({ quantity })),
          (r) => quantityOf(created(r)),
        );
        const url = `/api/listings/${listing.id}`;
        await expectKeptOrRefused('PATCH price', price, await client.patch(url, { price }), () =>
          priceOf(listing.id),
        );
        await expectKeptOrRefused('PATCH quantity', quantity, await client.patch(url, { quantity }), () =>
          quantityOf(listing.id),
        );
        const v1 = await app.inject({
          method: 'POST',
          url: '/api/v1/listings',
          headers,
          payload: listingBody({ price, quantity }),
        });
        await expectKeptOrRefused('v1 price', price, v1, async (r) => priceOf(created(r)));
      }),
      RUNS,
    );
  });

  it('stores offers, counter-offers and Buy Now quantities as sent or refuses them', async () => {
    const { app } = await buildTestApp();
    const [buyer, seller] = await Promise.all([signedInClient(app), signedInClient(app)]);
    await createCompanyOf(seller.client);
    // $1 a unit for 1,000,000 units: every quantity a deal may hold is within the listing.
    const listing = await createListingOf(seller.client, { price: 1, quantity: 1_000_000 });
    const negotiated = DealSchema.parse(
      (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 100 })).json(),
    );
    let counterBy = seller;
    await fc.assert(
      fc.asyncProperty(sent, sent, async (dealValue, quantity) => {
        const offer = (body: object) => buyer.client.post('/api/deals', { listingId: listing.id, ...body });
        const idOf = (r: Reply) => (r.json() as { id: string }).id;
        await expectKeptOrRefused(
          'offer value',
          dealValue,
          await offer({ dealValue, quantity: 1 }),
          async (r) => {
            const deal = await dealOf(buyer.client, idOf(r));
            expect(deal.quantity).toBe(1);
            return deal.dealValueCents / 100;
          },
        );
        await expectKeptOrRefused(
          'offer quantity',
          quantity,
          await offer({ dealValue: 100, quantity }),
          async (r) => (await dealOf(buyer.client, idOf(r))).quantity as number,
        );
        const counter = await counterBy.client.post(`/api/deals/${negotiated.id}/actions`, {
          action: 'counter-offer',
          dealValue,
        });
        const countered = await expectKeptOrRefused('counter-offer', dealValue, counter, async () => {
          return (await dealOf(buyer.client, negotiated.id)).dealValueCents / 100;
        });
        if (countered) counterBy = counterBy === seller ? buyer : seller;
        const buy = await buyer.client.post('/api/deals/buy-now', { listingId: listing.id, quantity });
        const bought = await expectKeptOrRefused('Buy Now quantity', quantity, buy, async (r) => {
          const deal = await dealOf(buyer.client, idOf(r));
          expect(deal.dealValueCents).toBe(multiplyCents(100, quantity));
          return deal.quantity as number;
        });
        if (bought) {
          const id = idOf(buy);
          const cancel = await buyer.client.post(`/api/deals/${id}/actions`, { action: 'cancel' });
          expect(cancel.statusCode, cancel.body).toBe(200);
        }
      }),
      RUNS,
    );
  });

  it('stores claim amounts and affected quantities as sent or refuses them', async () => {
    const { app } = await buildTestApp();
    const [buyer, seller] = await Promise.all([signedInClient(app), signedInClient(app)]);
    await createCompanyOf(seller.client);
    const listing = await createListingOf(seller.client, { price: 1, quantity: 1_000_000 });
    const deal = (
      await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 100_000 })
    ).json();
    for (const party of [buyer, seller])
      await party.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
    const fund = await buyer.client.post(`/api/deals/${deal.id}/fund`, { method: 'card' });
    await paySandboxCheckout(app, fund.json().url);
    await settleWebhooks(app);
    await app.services.deals.whenIdle();
    await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'ship-goods' });
    const url = `/api/deals/${deal.id}/claims`;
    const claim = { reason: 'not_delivered', evidence: [], note: '' };
    await fc.assert(
      fc.asyncProperty(sent, sent, async (claimedCents, affectedQuantity) => {
        for (const [label, value, body] of [
          ['claimed cents', claimedCents, { ...claim, claimedCents, affectedQuantity: 1 }],
          ['affected quantity', affectedQuantity, { ...claim, claimedCents: 100, affectedQuantity }],
        ] as const) {
          const res = await buyer.client.post(url, body);
          const kept = await expectKeptOrRefused(label, value, res, (r) => {
            const opened = r.json() as { id: string; claimedCents: number; affectedQuantity: number };
            return label === 'claimed cents' ? opened.claimedCents : opened.affectedQuantity;
          });
          if (kept) {
            const id = (res.json() as { id: string }).id;
            const withdraw = await buyer.client.post(`${url}/${id}/respond`, { response: 'withdraw' });
            expect(withdraw.statusCode, withdraw.body).toBe(200);
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('stores fee settings as sent or refuses them', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const settingOf = async (key: string) =>
      (
        (await admin.client.get('/api/admin/settings')).json() as {
          settings: { key: string; value: unknown }[];
        }
      ).settings.find((s) => s.key === key)?.value as number;
    const keys = [
      'fees.contact_fee_cents',
      'fees.featured_listing_cents',
      'fees.commission_rate_bps',
      'fees.wire_processing_fee_bps',
      'billing.premium_monthly_cents',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), sent, async (key, value) => {
        const res = await admin.client.patch('/api/admin/settings', { [key]: value });
        await expectKeptOrRefused(key, value, res, () => settingOf(key));
      }),
      RUNS,
    );
  });
});
