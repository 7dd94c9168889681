import pg from 'pg';
import { type Database, migrateDatabase, openDatabase, rawQuery } from '../src/db/client.ts';

let workerDatabase: Promise<Database> | undefined;

/**
 * One database per test worker: in-memory PGlite by default, or a database of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL. Created and migrated once; `resetDatabase` empties it.
 */
export function getWorkerDatabase(): Promise<Database> {
  workerDatabase ??= createWorkerDatabase();
  return workerDatabase;
}

async function createWorkerDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const url = await createScratchDatabase(base, `test_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  return database;
}

/** Creates (or re-creates) a database next to the one in `baseUrl`, returning its URL. */
export async function createScratchDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Empties every application table (and the job queue) so each test starts clean. */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = await rawQuery<{ name: string }>(
    database,
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'archive', 'schedule'))`,
  );
  if (tables.length === 0) return;
  await rawQuery(database, `TRUNCATE ${tables.map((t) => t.name).join(', ')} CASCADE`);
}
