import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SettingValues } from '@app/shared/settings/settings.schemas';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase, resetDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { noAudit } from '../access/index.ts';
import { createBackupsService, DATABASE_BACKUP_JOB, isBackupDue } from './backups.service.ts';
import { dumpDatabase, redact } from './database-dump.ts';

type Frequency = SettingValues['database.backup_frequency'];
const HOUR = 60 * 60 * 1000;
const silentLogger = { info: () => {}, error: () => {} } as never;

let database: Database;
const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** The service on the worker's database; queued jobs are collected so the test runs them itself. */
async function setUp(opts: { keep?: number; frequency?: Frequency; configured?: boolean } = {}) {
  const backupDir = await tempDir('recytrade-backups-');
  const clock = { current: new Date('2026-03-02T10:00:00Z'), now: () => clock.current };
  const queued: Array<{ name: string; data: { backupId: string } }> = [];
  const jobs = {
    send: async (name: string, data: object) => {
      queued.push({ name, data: data as { backupId: string } });
    },
  } as JobQueue;
  const backups = createBackupsService({
    database,
    config: {
      backupDir: opts.configured === false ? undefined : backupDir,
      pgDumpPath: 'pg_dump',
      keep: opts.keep ?? 14,
    },
    clock,
    jobs,
    settings: { get: (async () => opts.frequency ?? 'daily') as never },
    audit: noAudit,
    logger: silentLogger,
  });
  /** Runs every queued backup job, as the worker would. */
  async function drain() {
    for (const job of queued.splice(0)) {
      expect(job.name).toBe(DATABASE_BACKUP_JOB);
      await backups.runBackup(job.data.backupId);
    }
  }
  const advance = (ms: number) => {
    clock.current = new Date(clock.current.getTime() + ms);
  };
  return { backups, backupDir, drain, advance, queued };
}

describe('isBackupDue', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['6h', null, true],
    ['6h', 5, false],
    ['6h', 5.7, false],
    ['6h', 5.8, true],
    ['6h', 6, true],
    ['daily', null, true],
    ['daily', 6, false],
    ['daily', 23.7, false],
    ['daily', 23.8, true],
    ['daily', 30, true],
    ['weekly', null, true],
    ['weekly', 24, false],
    ['weekly', 6 * 24, false],
    ['weekly', 7 * 24 - 0.2, true],
    ['weekly', 8 * 24, true],
  ] as const)(
    'with %s frequency and the last success %s hours ago answers %s',
    (frequency, hoursAgo, due) => {
      const last = hoursAgo === null ? null : new Date(now.getTime() - hoursAgo * HOUR);
      expect(isBackupDue(frequency, last, now)).toBe(due);
    },
  );
});

describe('backups service', () => {
  beforeEach(async () => {
    database = await getWorkerDatabase();
    await resetDatabase(database);
  });

  it('the schedule does nothing when backups are not configured', async () => {
    const { backups, queued } = await setUp({ configured: false });
    expect(await backups.runScheduledBackupIfDue()).toBeNull();
    expect(queued).toEqual([]);
  });

  it('the schedule backs up at the chosen frequency, counting from the last successful backup', async () => {
    const { backups, drain, advance } = await setUp({ frequency: '6h' });
    const first = await backups.runScheduledBackupIfDue();
    expect(first).toMatchObject({ status: 'running', trigger: 'scheduled', requestedBy: null });
    // Due, but one is running: the hourly check leaves it alone.
    expect(await backups.runScheduledBackupIfDue()).toBeNull();
    await drain();
    expect((await backups.getBackup(first?.id as string)).status).toBe('succeeded');

    for (let hour = 1; hour < 6; hour += 1) {
      advance(HOUR);
      expect(await backups.runScheduledBackupIfDue(), `hour ${hour}`).toBeNull();
    }
    advance(HOUR);
    expect(await backups.runScheduledBackupIfDue()).toMatchObject({ trigger: 'scheduled' });
  });

  it('a backup that never finished does not count: the next hourly check fails it and tries again', async () => {
    const { backups, advance } = await setUp({ frequency: 'weekly' });
    // Queued but never run, as when the instance holding the job crashes.
    const first = await backups.runScheduledBackupIfDue();
    advance(HOUR + 1);
    const second = await backups.runScheduledBackupIfDue();
    expect(second?.id).not.toBe(first?.id);
    expect(await backups.getBackup(first?.id as string)).toMatchObject({ status: 'failed' });
  });

  it('keeps only the newest BACKUP_KEEP files after a success', async () => {
    const { backups, backupDir, drain, advance } = await setUp({ keep: 2 });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const backup = await backups.requestBackup(null);
      await drain();
      names.push((await backups.getBackup(backup.id)).fileName as string);
      advance(HOUR);
    }
    await writeFile(path.join(backupDir, 'notes.txt'), 'not a backup');
    expect((await readdir(backupDir)).sort()).toEqual([...names.slice(1), 'notes.txt'].sort());
    const summary = await backups.getSummary();
    expect(summary.lastSucceeded?.fileName).toBe(names[2]);
    expect(summary.recent).toHaveLength(3);
  });
});

describe('pg_dump', () => {
  it('gets the password through PGPASSWORD, never on its command line, and the stored error hides it', async () => {
    const dir = await tempDir('recytrade-pgdump-');
    const fakePgDump = path.join(dir, 'pg_dump');
    // Prints what it was given, then fails like a refused connection.
    await writeFile(fakePgDump, '#!/bin/sh\necho "args: $*" >&2\necho "env: $PGPASSWORD" >&2\nexit 1\n');
    await chmod(fakePgDump, 0o755);
    const fakeDatabase = {
      kind: 'postgres',
      connectionString: 'postgres://trade:s3cr%40t-pw@db.internal:5432/recytrade',
    } as Database;
    const failure = await dumpDatabase(fakeDatabase, {
      dir,
      fileName: 'recytrade-20260302T100000Z.dump',
      pgDumpPath: fakePgDump,
    }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('--format=custom --no-owner');
    expect(message).toContain('--dbname=postgres://trade@db.internal:5432/recytrade');
    expect(message).toContain('env: ***');
    expect(message).not.toContain('s3cr');
    expect(await readdir(dir)).toEqual(['pg_dump']);
  });

  it('redact removes a password in plain and URL-encoded form', () => {
    expect(redact('a s3cr@t b s3cr%40t', 's3cr@t')).toBe('a *** b ***');
    expect(redact('nothing', null)).toBe('nothing');
  });
});
