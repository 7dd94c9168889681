import { LISTING_MESSAGES } from '@app/shared/listings/listings.schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createLocalStorage } from '../../lib/storage.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-terms-${process.pid}`);

function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Bare bright copper wire, 20 t monthly',
    type: 'sell',
    description: 'Clean bare bright copper wire, stripped, no insulation, ready to load.',
    availability: 'immediate',
    category: 'metals',
    location: 'Rotterdam, Netherlands',
    price: 400,
    quantity: 20,
    unit: 'tons',
    ...overrides,
  };
}

async function createListing(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/listings', listingBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().listing as Record<string, unknown> & { id: string };
}

describe('grades and trade terms on listings', () => {
  it('stores a grade, an Incoterm with its place, packing and supply, and shows them to visitors', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const listing = await createListing(client, {
      grade: 'barley',
      incoterm: 'FOB',
      incotermPlace: ' <b>Rotterdam</b> ',
      packing: 'baled',
      supplyFrequency: 'monthly',
    });
    expect(listing).toMatchObject({
      grade: 'barley',
      incoterm: 'FOB',
      incotermPlace: 'Rotterdam',
      packing: 'baled',
      supplyFrequency: 'monthly',
    });
    const plain = await createListing(client);
    expect(plain).toMatchObject({ grade: null, incoterm: null, incotermPlace: null, packing: null });
    expect(plain.supplyFrequency).toBe('one_off');

    const seen = await createClient(app).get(`/api/listings/${listing.id}`);
    expect(seen.json()).toMatchObject({ grade: 'barley', incoterm: 'FOB', incotermPlace: 'Rotterdam' });

    // Dropping the Incoterm drops its place too.
    const cleared = await client.patch(`/api/listings/${listing.id}`, {
      incoterm: null,
      incotermPlace: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ incoterm: null, incotermPlace: null, grade: 'barley' });
  });

  it('refuses a grade of another category and an Incoterm without a named place, with 400 and the message', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const mismatch = await client.post('/api/listings', listingBody({ category: 'paper', grade: 'barley' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: LISTING_MESSAGES.gradeNotInCategory,
    });
    const unknown = await client.post('/api/listings', listingBody({ grade: 'gold-bars' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(LISTING_MESSAGES.gradeNotInCategory);

    for (const place of [undefined, '', '  ', '<i></i>']) {
      const res = await client.post('/api/listings', listingBody({ incoterm: 'CIF', incotermPlace: place }));
      expect(res.statusCode, String(place)).toBe(400);
      expect(res.json().error.message).toBe(LISTING_MESSAGES.incotermPlaceRequired);
    }
    const long = await client.post(
      '/api/listings',
      listingBody({ incoterm: 'CIF', incotermPlace: 'x'.repeat(121) }),
    );
    expect(long.statusCode).toBe(400);
    for (const bad of [
      { incoterm: 'FAS', incotermPlace: 'Hamburg' },
      { packing: 'boxed' },
      { supplyFrequency: 'daily' },
    ]) {
      const res = await client.post('/api/listings', listingBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const badUnit = await client.post('/api/listings', listingBody({ unit: 'gallons' }));
    expect(badUnit.json().error.message).toBe(LISTING_MESSAGES.unitInvalid);

    // An update is checked against the stored category, and moving category needs a fitting grade.
    const listing = await createListing(client, { grade: 'berry' });
    const wrong = await client.patch(`/api/listings/${listing.id}`, { grade: 'occ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(LISTING_MESSAGES.gradeNotInCategory);
    const moved = await client.patch(`/api/listings/${listing.id}`, { category: 'paper' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(LISTING_MESSAGES.gradeNotInCategory);
    const movedWithGrade = await client.patch(`/api/listings/${listing.id}`, {
      category: 'paper',
      grade: 'occ',
    });
    expect(movedWithGrade.statusCode, movedWithGrade.body).toBe(200);
    expect(movedWithGrade.json()).toMatchObject({ category: 'paper', grade: 'occ' });
  });

  it('computes the quantity in tonnes and the price per tonne for every mass unit, null for pieces', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const listing = await createListing(client, { price: 400, quantity: 20, unit: 'tons' });
    // $400 per short ton is $440.92 per tonne; 20 short tons are 18.1437 t.
    expect(listing).toMatchObject({ pricePerTonneCents: 44_092, quantityTonnes: 18.1437 });

    const cases: Array<[Record<string, unknown>, number | null, number | null]> = [
      [{ unit: 'tonnes', price: 441, quantity: 20 }, 20, 44_100],
      [{ unit: 'gross_tons', price: 400, quantity: 10 }, 10.1605, 39_368],
      [{ unit: 'kg', price: 0.5, quantity: 2500 }, 2.5, 50_000],
      [{ unit: 'pounds', price: 3.4, quantity: 40_000 }, 18.1437, 749_572],
      [{ unit: 'pieces', price: 12, quantity: 300 }, null, null],
    ];
    for (const [patch, tonnes, centsPerTonne] of cases) {
      const res = await client.patch(`/api/listings/${listing.id}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), JSON.stringify(patch)).toMatchObject({
        quantityTonnes: tonnes,
        pricePerTonneCents: centsPerTonne,
      });
    }
    // A change of price alone recomputes from the stored quantity and unit.
    await client.patch(`/api/listings/${listing.id}`, { unit: 'tonnes', price: 100, quantity: 5 });
    const priceOnly = await client.patch(`/api/listings/${listing.id}`, { price: 120 });
    expect(priceOnly.json()).toMatchObject({ quantityTonnes: 5, pricePerTonneCents: 12_000 });
    // A price per tonne past the integer range is left out of comparisons, not a server error.
    const fortune = await client.patch(`/api/listings/${listing.id}`, { unit: 'pounds', price: 1_000_000 });
    expect(fortune.statusCode, fortune.body).toBe(200);
    expect(fortune.json().pricePerTonneCents).toBeNull();
  });

  it('filters the marketplace by grade and finds listings by the grade code word or name', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const barley = await createListing(client, { title: 'Copper wire lot', grade: 'barley' });
    const berry = await createListing(client, { title: 'Copper wire, second lot', grade: 'berry' });
    const occ = await createListing(client, {
      title: 'Cardboard bales',
      description: 'Brown cardboard boxes from retail, baled.',
      category: 'paper',
      grade: 'occ',
    });
    const ids = async (query: string) =>
      ((await client.get(`/api/listings?${query}`)).json().items as { id: string }[]).map((l) => l.id).sort();

    expect(await ids('grade=barley')).toEqual([barley.id]);
    expect(await ids('grade=occ&category=paper')).toEqual([occ.id]);
    expect(await ids('grade=occ&category=metals')).toEqual([]);
    expect((await client.get('/api/listings?grade=gold-bars')).statusCode).toBe(400);

    expect(await ids('q=barley')).toEqual([barley.id]);
    expect(await ids('q=Barl')).toEqual([barley.id]);
    expect(await ids('q=OCC')).toEqual([occ.id]);
    expect(await ids('q=corrugated')).toEqual([occ.id]);
    expect(await ids('q=copper')).toEqual([barley.id, berry.id].sort());
  });
});
