import { randomUUID } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { type Database, rawQuery } from '../../db/client.ts';
import { GEOCODE_BATCH, LISTINGS_GEOCODE_BACKLOG_JOB } from './listings.job.ts';
import { listings } from './listings.table.ts';

/** Three places the geocoder knows and two it does not, as traders wrote them before geocoding. */
const LOCATIONS = ['Rotterdam, Netherlands', 'Hamburg', 'Chicago, IL', 'Yard 7', 'Back of the warehouse'];
const UNRESOLVED = new Set(['Yard 7', 'Back of the warehouse']);

/**
 * `count` listings of one owner that the geocoder never tried, oldest first; buy and sell listings
 * of one grade and price, so anything that matched them would find pairs.
 */
async function insertUngeocoded(database: Database, userId: string, count: number) {
  const start = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(start + i * 60_000);
    return {
      id: randomUUID(),
      userId,
      type: i % 2 === 0 ? ('buy' as const) : ('sell' as const),
      title: `Barley copper wire lot ${i}`,
      description: 'Bare bright copper wire, 16 gauge and up.',
      category: 'metals' as const,
      quantity: 20,
      unit: 'tonnes' as const,
      priceCents: 700_000,
      quantityTonnes: 20,
      pricePerTonneCents: 700_000,
      grade: 'barley',
      location: LOCATIONS[i % LOCATIONS.length],
      availability: 'immediate' as const,
      status: 'active' as const,
      approvalStatus: 'approved' as const,
      createdAt,
      updatedAt: createdAt,
      createdMonth: createdAt.getUTCMonth() + 1,
      createdYear: createdAt.getUTCFullYear(),
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await database.db.insert(listings).values(rows.slice(i, i + 500));
  return rows;
}

/** Counts UPDATE statements on listings (a statement-level trigger), whatever the rows they write. */
async function countListingUpdates(database: Database) {
  await rawQuery(database, 'create table if not exists test_listing_updates (at timestamptz)');
  await rawQuery(database, 'truncate test_listing_updates');
  await rawQuery(
    database,
    `create or replace function test_count_listing_update() returns trigger language plpgsql as
     $$ begin insert into test_listing_updates values (now()); return null; end $$`,
  );
  await rawQuery(
    database,
    `create or replace trigger test_listing_updates after update on listings
     for each statement execute function test_count_listing_update()`,
  );
  return {
    count: async () =>
      Number(
        (await rawQuery<{ n: string }>(database, 'select count(*) as n from test_listing_updates'))[0].n,
      ),
    async drop() {
      await rawQuery(database, 'drop trigger test_listing_updates on listings');
      await rawQuery(database, 'drop function test_count_listing_update');
      await rawQuery(database, 'drop table test_listing_updates');
    },
  };
}

const untried = async (database: Database) =>
  (await database.db.select({ id: listings.id }).from(listings).where(isNull(listings.geocodedAt))).length;

const backlogJobStates = async (database: Database) =>
  (
    await rawQuery<{ state: string }>(database, 'select state from pgboss.job where name = $1', [
      LISTINGS_GEOCODE_BACKLOG_JOB,
    ])
  ).map((r) => r.state);

// Generous timeouts: the first app of a worker migrates its database, and the backlog is paced.
describe('the geocoding backlog', () => {
  it('starts only once the server listens, geocodes 2,000 listings in a handful of statements and leaves nothing to a second run', async () => {
    const { app, database } = await buildTestApp();
    const { user } = await signedInClient(app);
    const rows = await insertUngeocoded(database, user.id, 2000);
    const updates = await countListingUpdates(database);
    try {
      // The app is ready and its job workers run, but the backlog is not part of the start.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await untried(database)).toBe(2000);
      expect(await backlogJobStates(database)).toEqual([]);

      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => untried(database), { timeout: 180_000, interval: 250 }).toBe(0);
      // Every run has ended (a slow run hands the rest to a next one, so there may be several).
      await expect
        .poll(async () => new Set(await backlogJobStates(database)), { timeout: 10_000, interval: 200 })
        .toEqual(new Set(['completed']));
      // One UPDATE per batch of GEOCODE_BATCH rows, each distinct location geocoded once per batch.
      expect(await updates.count()).toBe(Math.ceil(2000 / GEOCODE_BATCH));

      const stored = await database.db.select().from(listings).orderBy(asc(listings.createdAt));
      for (const [i, row] of stored.entries()) {
        expect(row.geocodedAt).not.toBeNull();
        if (UNRESOLVED.has(rows[i].location)) {
          // Tried and not found: marked, so no later run picks it again.
          expect([row.latitude, row.longitude, row.geocodedPlace]).toEqual([null, null, null]);
        } else {
          expect(row.latitude).not.toBeNull();
          expect(row.longitude).not.toBeNull();
        }
      }
      expect(stored.find((r) => r.location === 'Hamburg')?.geocodedPlace).toBe('Hamburg, DE');
      expect(stored.find((r) => r.location === 'Chicago, IL')?.geocodedPlace).toBe('Chicago, IL, US');
      // Matches of existing listings are not computed again (docs/DECISIONS.md), nor anyone notified.
      expect(await rawQuery(database, 'select 1 from listing_matches')).toEqual([]);
      expect(await rawQuery(database, 'select 1 from user_notifications')).toEqual([]);

      // A second run has nothing to do: no statement writes a row.
      expect(await app.services.listings.geocodeBacklog(GEOCODE_BATCH)).toBe(0);
      expect(await updates.count()).toBe(Math.ceil(2000 / GEOCODE_BATCH));
    } finally {
      await updates.drop();
    }
  }, 240_000);

  it('keeps listings posted and edited meanwhile working, with their own coordinates', async () => {
    const { app, database } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    const rows = await insertUngeocoded(database, user.id, 1000);
    await app.listen({ port: 0, host: '127.0.0.1' });

    // Posted while the backlog runs: geocoded at creation, as always.
    const posted = await client.post('/api/listings', {
      title: 'Baled OCC, 40 t',
      type: 'sell',
      description: 'Old corrugated containers, baled and dry.',
      availability: 'immediate',
      category: 'paper',
      location: 'Lyon, France',
      price: 120,
      quantity: 40,
      unit: 'tonnes',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().listing.geocodedPlace).toBe('Lyon, FR');
    // An old listing the backlog has not reached yet moves: the edit geocodes it, the backlog leaves it.
    const moved = rows[rows.length - 1];
    const edited = await client.patch(`/api/listings/${moved.id}`, { location: 'Oslo, Norway' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await client.get('/api/listings?q=barley')).statusCode).toBe(200);

    await expect.poll(() => untried(database), { timeout: 180_000, interval: 250 }).toBe(0);
    const placeOf = async (id: string) =>
      (await database.db.select().from(listings).where(eq(listings.id, id)))[0]?.geocodedPlace;
    expect(await placeOf(posted.json().listing.id)).toBe('Lyon, FR');
    expect(await placeOf(moved.id)).toBe('Oslo, NO');
    const mine = await client.get('/api/me/listings?limit=5');
    expect(mine.statusCode, mine.body).toBe(200);
  }, 240_000);
});
