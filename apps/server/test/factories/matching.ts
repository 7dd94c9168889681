import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { MATCHING_COMPUTE_JOB } from '../../src/modules/market/index.ts';

/**
 * Waits until every queued matching job ran. Who is told about a match depends on which listing's job
 * found it, so a test that makes listings one after another settles matching in between.
 */
export async function matchingSettled(db: Db) {
  await expect
    .poll(
      async () => {
        const result = (await db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${MATCHING_COMPUTE_JOB} and state in ('created', 'retry', 'active')`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0].n;
      },
      { timeout: 20_000, interval: 25 },
    )
    .toBe(0);
}
