import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkTaxId } from '@app/shared/trust/tax-ids';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../test/build-test-app.ts';
import { rawQuery } from '../db/client.ts';
import { createLocalStorage } from '../lib/storage.ts';
import { queueDemoMatching, seedDemoData, seedDemoDeals } from './seed.ts';
import { DEMO_COMPANIES, DEMO_TAX_IDS } from './seed-companies.ts';
import { DEMO_LISTINGS } from './seed-listings.ts';

describe('demo seed', () => {
  it('gives every demo company a country and a tax id in its country’s format', () => {
    for (const company of DEMO_COMPANIES) {
      const [country, taxId] = DEMO_TAX_IDS[company.owner] ?? ['', ''];
      expect(checkTaxId(country, taxId), company.companyName).toMatchObject({ ok: true });
    }
  });

  it('fills an empty database with a believable market, with photos, only once', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'seed-')));
    const { app, database } = await buildTestApp({ storage });
    expect(await seedDemoData(database.db, { storage })).toEqual({ seeded: true });
    expect(await seedDemoData(database.db, { storage })).toEqual({ seeded: false });

    const visitor = createClient(app);
    const page = (await visitor.get('/api/listings?limit=50')).json();
    expect(page.total).toBe(DEMO_LISTINGS.length);
    const categories = new Set(page.items.map((l: { category: string }) => l.category));
    expect(categories.size).toBe(4);
    const featured = (await visitor.get('/api/listings/featured')).json().items;
    expect(featured).toHaveLength(6);
    expect(featured.filter((l: { isFeatured: boolean }) => l.isFeatured).length).toBeGreaterThanOrEqual(5);
    const photo = await visitor.get(page.items[0].images[0].thumbnailUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');

    const directory = (await visitor.get('/api/companies')).json();
    expect(directory.total).toBe(DEMO_COMPANIES.length);
    const verified = (await visitor.get('/api/companies?verifiedOnly=true')).json();
    expect(verified.total).toBe(DEMO_COMPANIES.filter((c) => c.verified).length);
    expect(new Set(DEMO_COMPANIES.map((c) => c.sector)).size).toBe(13);

    // A year of past lots from other demo companies gives /market's long charts a history; they have
    // expired, so the marketplace above shows only the live demo listings.
    await app.services.priceIndex.recompute({ rebuildYear: true });
    const series = (
      await visitor.get('/api/market/index/series?category=metals&grade=barley&days=365')
    ).json();
    const published = series.points.filter((p: { carriedForward: boolean }) => !p.carriedForward);
    expect(published.length).toBeGreaterThan(300);
    expect(published[0].contributors).toBeGreaterThanOrEqual(3);
  });

  it('adds demo deals in every state through the services, with balanced books, only once', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'seed-')));
    const { app, database } = await buildTestApp({ storage });
    await seedDemoData(database.db, { storage });
    expect(await seedDemoDeals(database.db, app.services)).toEqual({ seeded: true });
    expect(await seedDemoDeals(database.db, app.services)).toEqual({ seeded: false });
    const { deals } = await app.services.deals.adminListDeals('all');
    expect(deals.map((d) => `${d.status}/${d.escrowStatus}`).sort()).toEqual([
      'agreed/none',
      // Shipped, with the buyer's claim waiting for the seller.
      'completed/held',
      // One from the deal states, five from the completed history (dated back over five months).
      ...Array(6).fill('completed/released'),
      'disputed/held',
      'escrow_created/held',
      'initiated/none',
    ]);
    expect(deals.find((d) => d.status === 'completed')?.commission.settled).toBe(true);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
    // A dozen deals completed through every service call: allow for a loaded machine.
  }, 90_000);

  it('geocodes the demo listings as it inserts them and has their matches computed once', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'seed-')));
    const { app, database } = await buildTestApp({ storage });
    await seedDemoData(database.db, { storage });
    // Nothing is left to the geocoding backlog; every live listing names a city the geocoder knows.
    expect(await rawQuery(database, 'select id from listings where geocoded_at is null')).toEqual([]);
    const live = await rawQuery<{ latitude: number | null }>(
      database,
      `select latitude from listings where status = 'active'`,
    );
    expect(live).toHaveLength(DEMO_LISTINGS.length);
    expect(live.every((l) => l.latitude !== null)).toBe(true);

    expect(await queueDemoMatching(database.db, app.services.jobs)).toBe(DEMO_LISTINGS.length);
    const matches = async () =>
      (await rawQuery<{ n: number }>(database, 'select count(*)::int as n from listing_matches'))[0].n;
    await expect.poll(matches, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
  }, 120_000);
});
