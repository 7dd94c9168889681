import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkerDatabase } from '../test/test-database.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const root = mkdtempSync(path.join(os.tmpdir(), 'recytrade-datadir-'));
/** A real embedded database with the app's schema and a row in it, written once and copied per case. */
const pristine = path.join(root, 'pristine');

/** Starts the real server on `dataDir` (demo seeding on), as `npm start` would; its exit code and output. */
function startServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', SEED_DEMO_DATA: 'true' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    // A server that started instead of refusing is stopped, and the test fails on its exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Every file under `dir` with its size and modification time: equal snapshots mean nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = statSync(file);
    files[path.relative(dir, file)] = `${stat.size}@${stat.mtimeMs}`;
  }
  return files;
}

/** A copy of the pristine database as DATA_DIR/pglite of a new DATA_DIR. */
function dataDirWithDatabase(name: string): { dataDir: string; pgliteDir: string } {
  const dataDir = path.join(root, name);
  const pgliteDir = path.join(dataDir, 'pglite');
  cpSync(pristine, pgliteDir, { recursive: true });
  return { dataDir, pgliteDir };
}

function expectRefusal(result: { code: number | null; output: string }, dataDir: string) {
  expect(result.code).toBe(1);
  expect(result.output).toContain(
    `The database directory ${path.join(dataDir, 'pglite')} is not a valid PGlite database`,
  );
  expect(result.output).toContain(`Restore the latest backup from ${path.join(dataDir, 'backups')}`);
  expect(result.output).not.toContain('Recytrade is running');
}

describe('starting on a damaged data directory', () => {
  beforeAll(async () => {
    // Loading the migrated test database's dump is much faster than a fresh initdb plus migrations.
    const worker = await getWorkerDatabase();
    const source = worker.kind === 'pglite' ? worker : await openDatabase({});
    if (source.kind !== 'pglite') return;
    if (source !== worker) await migrateDatabase(source);
    const copy = await PGlite.create({
      dataDir: pristine,
      loadDataDir: await source.pglite.dumpDataDir('none'),
      extensions: { pg_trgm },
    });
    await copy.query(
      "insert into settings (key, value) values ('platform.name', '\"Kept\"') on conflict do nothing",
    );
    await copy.close();
    if (source !== worker) await source.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a database whose PG_VERSION is gone, and writes nothing', async () => {
    const { dataDir, pgliteDir } = dataDirWithDatabase('no-pg-version');
    rmSync(path.join(pgliteDir, 'PG_VERSION'));
    const before = snapshot(pgliteDir);
    expectRefusal(await startServer(dataDir), dataDir);
    expect(snapshot(pgliteDir)).toEqual(before);
    expect(existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(false);
  });

  it('turns PGlite aborting on other damage into the same message', async () => {
    const { dataDir, pgliteDir } = dataDirWithDatabase('no-pg-control');
    rmSync(path.join(pgliteDir, 'global', 'pg_control'));
    const result = await startServer(dataDir);
    expectRefusal(result, dataDir);
    expect(result.output).toContain('(PGlite could not open it: Aborted())');
  });

  it('refuses a directory that holds other files, and leaves them alone', async () => {
    const dataDir = path.join(root, 'not-a-database');
    const pgliteDir = path.join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    writeFileSync(path.join(pgliteDir, 'ledger-export.csv'), 'deal,amount\n');
    const before = snapshot(pgliteDir);
    expectRefusal(await startServer(dataDir), dataDir);
    expect(snapshot(pgliteDir)).toEqual(before);
  });
});
