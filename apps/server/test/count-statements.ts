import { vi } from 'vitest';
import type { Database } from '../src/db/client.ts';

/**
 * The SQL statements the database received while `work` ran, on either engine (PGlite's or the pool's
 * `query`, which Drizzle calls). Background work (job polling, the outboxes) runs meanwhile: filter the
 * statements to the tables the work is about.
 */
export async function statementsDuring(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const client: { query: (...args: never[]) => unknown } =
    database.kind === 'pglite' ? database.pglite : database.pool;
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : String((query as { text?: string } | undefined)?.text),
    );
  } finally {
    spy.mockRestore();
  }
}
