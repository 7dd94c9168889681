import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase } from '../../test/test-database.ts';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { type Database, inTransaction, openDatabase, rawQuery } from './client.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A pool of its own on the worker's database, and a connection to end its backends with. */
async function poolAndAdmin(): Promise<{ database: Database & { kind: 'postgres' }; admin: pg.Client }> {
  const worker = await getWorkerDatabase();
  if (worker.kind !== 'postgres') throw new Error('PostgreSQL only');
  const database = (await openDatabase({ url: worker.connectionString })) as Database & { kind: 'postgres' };
  const admin = new pg.Client({ connectionString: worker.connectionString });
  await admin.connect();
  cleanups.push(async () => {
    await admin.end();
    await database.close();
  });
  return { database, admin };
}

const checkedOut = (pool: pg.Pool) => pool.totalCount - pool.idleCount;

// PGlite runs in the process: it has no connections that the server can drop.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the pool when PostgreSQL ends a connection', () => {
  it('survives a transaction whose connection is ended between two statements, and discards its client', async () => {
    const { database, admin } = await poolAndAdmin();
    const transaction = inTransaction(database.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as {
        rows: Array<{ pid: number }>;
      };
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      // Idle in the transaction while the server's "terminating connection" and the end of the socket
      // arrive: with no listener on the checked-out client, either one ended the process.
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    const failure = await transaction.catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(checkedOut(database.pool)).toBe(0);
    expect(await rawQuery(database, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('gives back a client whose holder never releases it, once its connection is gone', async () => {
    const { database, admin } = await poolAndAdmin();
    // As Drizzle does when its BEGIN fails: the client is taken and never released.
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await expect.poll(() => checkedOut(database.pool), { timeout: 5000 }).toBe(0);
    // The holder's release after the fact changes nothing.
    client.release();
    expect(database.pool.totalCount).toBe(0);
    expect(await rawQuery(database, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
