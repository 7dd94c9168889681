import { asc, desc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { visibleCondition } from './listings.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await getWorkerDatabase();
});

/** The plan PostgreSQL picks for `query` when a sequential or bitmap scan is not an option. */
async function indexPlan(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(sql`explain (costs off) `.append(query.getSQL()))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the indexes of the public search', () => {
  // A sorted page is bounded by the sort key of the N-th visible listing; that bound is read from the
  // sort's index alone only if the index's predicate is the whole of what "visible" means.
  it.each([
    ['listings_visible_created_idx', listings.createdAt, 'desc'],
    ['listings_visible_price_idx', listings.priceCents, 'asc'],
    ['listings_visible_quantity_idx', listings.quantity, 'desc'],
  ] as const)(
    'walks %s without reading a table row to know a listing is visible',
    async (index, key, direction) => {
      const order = direction === 'asc' ? [asc(key), asc(listings.id)] : [desc(key), desc(listings.id)];
      const query = database.db
        .select({ key, id: listings.id })
        .from(listings)
        .where(visibleCondition(false))
        .orderBy(...order)
        .limit(1)
        .offset(300);
      const plan = await indexPlan(query);
      expect(plan).toContain(`Index Only Scan${direction === 'desc' ? ' Backward' : ''} using ${index}`);
      expect(plan).not.toContain('Filter');
    },
  );
});
