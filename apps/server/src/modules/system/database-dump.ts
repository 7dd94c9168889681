import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Database, rawQuery } from '../../db/client.ts';

const execFileAsync = promisify(execFile);

export type BackupMethod = 'pg_dump' | 'pglite-dump';

/** Every file a backup writes is named like this, so pruning never touches anything else in the folder. */
const BACKUP_FILE_PATTERN = /^recytrade-\d{8}T\d{6}Z\.(dump|tar\.gz)$/;
/** pg_dump may run long on a big database, but never forever. */
const PG_DUMP_TIMEOUT_MS = 6 * 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 2000;

export function backupMethodOf(database: Database): BackupMethod {
  return database.kind === 'postgres' ? 'pg_dump' : 'pglite-dump';
}

/** `recytrade-20261121T223000Z.dump`: sortable by name, one per second at most. */
export function backupFileName(method: BackupMethod, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `recytrade-${stamp}.${method === 'pg_dump' ? 'dump' : 'tar.gz'}`;
}

/** The major version of the pg_dump binary, or an error saying why it cannot run. */
export async function probePgDump(pgDumpPath: string): Promise<{ major: number } | { error: string }> {
  try {
    const { stdout } = await execFileAsync(pgDumpPath, ['--version'], { timeout: 10_000 });
    const major = Number(/\)\s*(\d+)/.exec(stdout)?.[1] ?? /(\d+)/.exec(stdout)?.[1]);
    if (!Number.isInteger(major)) return { error: `${pgDumpPath} --version did not print a version` };
    return { major };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return {
      error:
        code === 'ENOENT'
          ? `pg_dump was not found (PG_DUMP_PATH=${pgDumpPath}); install the PostgreSQL client tools`
          : `pg_dump could not run (PG_DUMP_PATH=${pgDumpPath})`,
    };
  }
}

/** The server's major version, from `server_version_num` (150020 → 15). */
export async function serverMajorVersion(database: Database): Promise<number> {
  const [row] = await rawQuery<{ server_version_num: string }>(database, 'show server_version_num');
  return Math.floor(Number(row.server_version_num) / 10_000);
}

/**
 * Writes one backup file into `dir` and returns its size. The file is written under a `.partial`
 * name and renamed at the end, so a crash never leaves a half file that looks like a backup.
 */
export async function dumpDatabase(
  database: Database,
  opts: { dir: string; fileName: string; pgDumpPath: string },
): Promise<{ sizeBytes: number }> {
  await mkdir(opts.dir, { recursive: true });
  const finalPath = path.join(opts.dir, opts.fileName);
  const partialPath = `${finalPath}.partial`;
  try {
    if (database.kind === 'postgres') {
      await runPgDump(database.connectionString, partialPath, opts.pgDumpPath);
    } else {
      const archive = await database.pglite.dumpDataDir('gzip');
      await writeFile(partialPath, Buffer.from(await archive.arrayBuffer()));
    }
    const { size } = await stat(partialPath);
    if (size === 0) throw new Error('The backup file is empty');
    await rename(partialPath, finalPath);
    return { sizeBytes: size };
  } catch (err) {
    await rm(partialPath, { force: true });
    throw err;
  }
}

/**
 * pg_dump with an argument array (no shell). The password leaves the URL and travels in PGPASSWORD,
 * so it never shows in the process list, in logs or in the stored error.
 */
async function runPgDump(connectionString: string, file: string, pgDumpPath: string): Promise<void> {
  const { dbname, password } = splitPassword(connectionString);
  try {
    await execFileAsync(
      pgDumpPath,
      ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`],
      {
        env: password ? { ...process.env, PGPASSWORD: password } : process.env,
        timeout: PG_DUMP_TIMEOUT_MS,
        maxBuffer: 10 * 1024 * 1024,
      },
    );
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message?: string };
    const text = (stderr?.trim() || message || 'pg_dump failed').slice(0, MAX_ERROR_LENGTH);
    throw new Error(redact(text, password));
  }
}

function splitPassword(connectionString: string): { dbname: string; password: string | null } {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    // A key=value connection string: passed as is (libpq reads its password= itself).
    return { dbname: connectionString, password: null };
  }
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  return { dbname: url.toString(), password };
}

/** Removes a password (raw or URL-encoded) from text that is about to be stored or shown. */
export function redact(text: string, password: string | null): string {
  if (!password) return text;
  return text.split(password).join('***').split(encodeURIComponent(password)).join('***');
}

/** Deletes all but the `keep` newest backup files in `dir`; returns the names deleted. */
export async function pruneBackupFiles(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir))
    .filter((n) => BACKUP_FILE_PATTERN.test(n))
    .sort()
    .reverse();
  const doomed = names.slice(keep);
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}
