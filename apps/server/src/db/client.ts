import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle client every repository takes; a transaction has the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A live database: Drizzle on top, plus the raw handles that LISTEN/NOTIFY and the job queue need. */
export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

/**
 * PostgreSQL when a URL is given, otherwise PGlite persisted in `pgliteDir` (or in memory with none).
 * A PGlite directory that holds files but is not a database that opens is refused, never re-created:
 * `backupDir` is named in the message as the place to restore from.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  backupDir?: string;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // Named (prepared) statements are planned for their values every time, as unnamed ones are: the
      // marketplace search's plans depend on them (docs/PERFORMANCE.md). They skip parsing only.
      options: '-c plan_cache_mode=force_custom_plan',
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { kind: 'postgres', db, pool, connectionString: opts.url, close: () => pool.end() };
  }
  if (opts.pgliteDir) assertPgliteDirUsable(opts.pgliteDir, opts.backupDir);
  let pglite: PGlite;
  try {
    // pg_trgm backs the marketplace's partial-word search (migration 0002 creates the extension).
    pglite = await PGlite.create({
      ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    // A damaged directory aborts PGlite's WebAssembly PostgreSQL ("RuntimeError: Aborted()").
    if (!opts.pgliteDir) throw err;
    const detail = err instanceof Error ? err.message.split('.')[0] : String(err);
    throw new DamagedDataDirError(opts.pgliteDir, opts.backupDir, `PGlite could not open it: ${detail}`);
  }
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** The embedded database's directory is there but is not a database PGlite can open. */
export class DamagedDataDirError extends Error {
  constructor(dir: string, backupDir: string | undefined, reason: string) {
    super(
      `The database directory ${dir} is not a valid PGlite database (${reason}). ` +
        'The server will not start on it, and will not create a new database over its files. ' +
        (backupDir
          ? `Restore the latest backup from ${backupDir} into it (docs/DEPLOYMENT.md, "PGlite"), `
          : 'Restore it from a backup (docs/DEPLOYMENT.md, "PGlite"), ') +
        'or move it away to start with a new, empty database.',
    );
    this.name = 'DamagedDataDirError';
  }
}

/**
 * PGlite runs initdb in any directory without PG_VERSION, which would lay a new, empty database (and
 * the demo seed) over the files of a damaged one. Only a missing or empty directory is a new database.
 */
function assertPgliteDirUsable(dir: string, backupDir: string | undefined): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    return;
  }
  const entries = readdirSync(dir);
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw new DamagedDataDirError(dir, backupDir, 'it holds files but no PG_VERSION');
  }
}

/** Apply the checked-in migrations; the app does this at start on both engines. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Runs a raw SQL statement on either engine, for health checks and maintenance. */
export async function rawQuery<T = Record<string, unknown>>(
  database: Database,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (database.kind === 'postgres') return (await database.pool.query(text, params)).rows as T[];
  return (await database.pglite.query<T>(text, params)).rows;
}

/**
 * Runs `work` in one transaction whose handle is a `Db`, so repositories and services take either the
 * database or a transaction. Drizzle types a transaction apart from the database it came from, though it
 * answers the same queries; this is the one place that says so.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  config?: Parameters<Db['transaction']>[1],
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db), config);
}
