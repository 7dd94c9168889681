import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { DatabasePool } from './pool.ts';

/**
 * The Drizzle client every repository takes; a transaction has the same shape. It is built without the
 * schema aggregate: repositories name their tables in the query builder and nothing uses Drizzle's
 * relational `db.query`, so the platform layer stays free of the modules (docs/DECISIONS.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * PGlite touches its whole buffer pool in WebAssembly memory when it starts, so PostgreSQL's 128 MB default
 * was resident from the first second. The files stay in the OS page cache either way (docs/DECISIONS.md).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

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
    const pool = new DatabasePool({
      connectionString: opts.url,
      max: 10,
      // Named (prepared) statements are planned for their values every time, as unnamed ones are: the
      // marketplace search's plans depend on them (docs/PERFORMANCE.md). They skip parsing only.
      options: '-c plan_cache_mode=force_custom_plan',
    });
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    return { kind: 'postgres', db, pool, connectionString: opts.url, close: () => pool.end() };
  }
  if (opts.pgliteDir && isNewPgliteDir(opts.pgliteDir, opts.backupDir)) await copyTemplate(opts.pgliteDir);
  let pglite: PGlite;
  try {
    pglite = await createPglite(opts.pgliteDir);
  } catch (err) {
    // A damaged directory aborts PGlite's WebAssembly PostgreSQL ("RuntimeError: Aborted()").
    if (!opts.pgliteDir) throw err;
    const detail = err instanceof Error ? err.message.split('.')[0] : String(err);
    throw new DamagedDataDirError(opts.pgliteDir, opts.backupDir, `PGlite could not open it: ${detail}`);
  }
  return pgliteDatabase(pglite);
}

function createPglite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // pg_trgm backs the marketplace's partial-word search (migration 0002 creates the extension).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

function pgliteDatabase(pglite: PGlite): Database {
  const db = drizzlePglite({ client: pglite, casing: 'snake_case' }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/**
 * A new embedded database starts as a copy of a migrated one, made once per machine, PGlite version and
 * set of migrations, in the system's temporary directory: PGlite's initdb and the migrations take most of
 * a first start (7-9 s), the copy a fraction of a second. When the template cannot be made (a read-only
 * temporary directory), the database is created in place as before.
 */
async function copyTemplate(dir: string): Promise<void> {
  const template = path.join(tmpdir(), 'recytrade-pglite-templates', templateKey());
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    try {
      await buildTemplate(template);
    } catch {
      return;
    }
  }
  cpSync(template, dir, { recursive: true });
}

/** Built beside its final name and renamed into place, so a concurrent start never copies half of one. */
async function buildTemplate(template: string): Promise<void> {
  const building = `${template}.${randomUUID()}`;
  mkdirSync(building, { recursive: true });
  try {
    const database = pgliteDatabase(await createPglite(building));
    await migrateDatabase(database);
    await database.close();
    renameSync(building, template);
  } catch (err) {
    // Another start may have renamed its template into place first; that one serves.
    if (!existsSync(path.join(template, 'PG_VERSION'))) throw err;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Names a template by what shapes it: the PGlite release and the migrations' SQL. */
function templateKey(): string {
  const pgliteManifest = fileURLToPath(
    new URL('../package.json', import.meta.resolve('@electric-sql/pglite')),
  );
  const hash = createHash('sha256').update(JSON.parse(readFileSync(pgliteManifest, 'utf8')).version);
  const sqlFiles = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
  for (const file of sqlFiles.sort())
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex').slice(0, 16);
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
function isNewPgliteDir(dir: string, backupDir: string | undefined): boolean {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    return true;
  }
  const entries = readdirSync(dir);
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw new DamagedDataDirError(dir, backupDir, 'it holds files but no PG_VERSION');
  }
  return entries.length === 0;
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
