import pg from 'pg';
import { isAlive } from '../src/lib/data-dir-lock.ts';

/**
 * The databases a test process makes beside TEST_DATABASE_URL are named after its pid (the worker's
 * own, the LISTEN and realtime tests' scratch ones). A run that is killed leaves them behind; before a
 * run, those whose process no longer exists are dropped, so runs on one PostgreSQL server do not pile
 * them up. A database whose process still runs (another run at the same time) is left alone.
 */
const SCRATCH_NAME = /^test_(?:w\d+|realtime|pubsub)_(\d+)$/;

export default async function dropAbandonedTestDatabases(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of rows) {
      const pid = SCRATCH_NAME.exec(datname)?.[1];
      if (pid && !isAlive(Number(pid)))
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } catch {
    // Housekeeping only: a server that refuses is the tests' to report.
  } finally {
    await client.end().catch(() => undefined);
  }
}
