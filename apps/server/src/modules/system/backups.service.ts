import { randomUUID } from 'node:crypto';
import {
  type DatabaseBackup,
  type DatabaseStatus,
  SYSTEM_MESSAGES,
} from '@app/shared/admin/admin-system.schemas';
import type { SettingValues } from '@app/shared/settings/settings.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  failStaleBackups,
  findBackupById,
  findLastSucceededBackup,
  findRunningBackup,
  finishBackup,
  insertBackup,
  listRecentBackups,
} from './backups.repository.ts';
import type { DatabaseBackupRow } from './backups.table.ts';
import {
  type BackupMethod,
  backupFileName,
  backupMethodOf,
  dumpDatabase,
  probePgDump,
  pruneBackupFiles,
  serverMajorVersion,
} from './database-dump.ts';

export const DATABASE_BACKUP_JOB = 'system.database-backup';

/** A backup still "running" after this long belongs to an instance that died mid-run. */
export const STALE_BACKUP_MS = 60 * 60 * 1000;
const STALE_BACKUP_ERROR = 'Interrupted: the server stopped before the backup finished';
const RECENT_BACKUPS = 10;
const HOUR_MS = 60 * 60 * 1000;

export const BACKUP_INTERVAL_MS: Record<SettingValues['database.backup_frequency'], number> = {
  '6h': 6 * HOUR_MS,
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};
/**
 * The hourly check fires a few seconds after the previous backup's start time each time; without
 * this slack a 6-hour backup would slip to every 7 hours.
 */
const DUE_SLACK_MS = 15 * 60 * 1000;

/** Whether the schedule wants a backup now, given when the last successful one started. */
export function isBackupDue(
  frequency: SettingValues['database.backup_frequency'],
  lastSucceededAt: Date | null,
  now: Date,
): boolean {
  if (!lastSucceededAt) return true;
  return now.getTime() - lastSucceededAt.getTime() >= BACKUP_INTERVAL_MS[frequency] - DUE_SLACK_MS;
}

export type BackupConfig = {
  /** Unset: backups are off. */
  backupDir: string | undefined;
  pgDumpPath: string;
  /** Newest files kept after a success. */
  keep: number;
};

export type BackupAvailability = {
  configured: boolean;
  method: BackupMethod | null;
  unavailableReason: string | null;
};

export type BackupsService = ReturnType<typeof createBackupsService>;

/** Database backups: run on request or on the schedule, one at a time, each recorded in a row. */
export function createBackupsService(deps: {
  database: Database;
  config: BackupConfig;
  clock: Clock;
  jobs: JobQueue;
  settings: Pick<SettingsService, 'get'>;
  audit: AuditRecorder;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}) {
  const { database, config, clock, jobs, settings, audit, logger } = deps;
  const db = database.db;
  const method = backupMethodOf(database);
  // pg_dump is looked up once; a failed lookup is retried after a minute (the operator may install it).
  let pgDumpProbe: { at: number; result: Awaited<ReturnType<typeof probePgDump>> } | null = null;

  async function pgDumpMajor() {
    const stale = pgDumpProbe && 'error' in pgDumpProbe.result && Date.now() - pgDumpProbe.at > 60_000;
    if (!pgDumpProbe || stale) pgDumpProbe = { at: Date.now(), result: await probePgDump(config.pgDumpPath) };
    return pgDumpProbe.result;
  }

  /** Whether this server can back up its database, and if not, what the operator must change. */
  async function getAvailability(): Promise<BackupAvailability> {
    if (!config.backupDir)
      return { configured: false, method: null, unavailableReason: 'BACKUP_DIR is not set.' };
    if (method === 'pg_dump') {
      const probe = await pgDumpMajor();
      if ('error' in probe) return { configured: false, method, unavailableReason: `${probe.error}.` };
      // pg_dump refuses to dump a server newer than itself.
      const serverMajor = await serverMajorVersion(database).catch(() => null);
      if (serverMajor && probe.major < serverMajor)
        return {
          configured: false,
          method,
          unavailableReason: `pg_dump ${probe.major} is older than the PostgreSQL ${serverMajor} server; install pg_dump ${serverMajor} or newer.`,
        };
    }
    return { configured: true, method, unavailableReason: null };
  }

  /** The backups part of the Database card. */
  async function getSummary(): Promise<DatabaseStatus['backups']> {
    const [availability, last, recent] = await Promise.all([
      getAvailability(),
      findLastSucceededBackup(db),
      listRecentBackups(db, RECENT_BACKUPS),
    ]);
    return {
      ...availability,
      lastSucceeded: last ? toBackup(last) : null,
      recent: recent.map(toBackup),
    };
  }

  /**
   * Starts a backup: records a running row and queues the work. `actor` is the administrator who
   * pressed the button, or null for the schedule. Throws CONFLICT when backups cannot run here or one
   * is already running.
   */
  async function requestBackup(actor: SessionUser | null): Promise<DatabaseBackup> {
    const availability = await getAvailability();
    if (!availability.configured)
      throw new AppError('CONFLICT', SYSTEM_MESSAGES.backupsNotConfigured, {
        reason: availability.unavailableReason,
      });
    const now = clock.now();
    await failStaleBackups(db, new Date(now.getTime() - STALE_BACKUP_MS), STALE_BACKUP_ERROR, now);
    if (await findRunningBackup(db)) throw new AppError('CONFLICT', SYSTEM_MESSAGES.backupRunning);
    let row: DatabaseBackupRow;
    try {
      row = await db.transaction(async (tx) => {
        const inserted = await insertBackup(tx, {
          id: `bkp_${randomUUID()}`,
          status: 'running',
          trigger: actor ? 'manual' : 'scheduled',
          method,
          requestedById: actor?.id ?? null,
          requestedByName: actor?.name ?? null,
          startedAt: now,
        });
        if (actor)
          await audit(
            { actor, action: 'database.backup', targetType: 'database_backup', targetId: inserted.id },
            tx,
          );
        return inserted;
      });
    } catch (err) {
      // Another instance (or a double click) started one between the check and the insert.
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', SYSTEM_MESSAGES.backupRunning);
      throw err;
    }
    try {
      await jobs.send(DATABASE_BACKUP_JOB, { backupId: row.id }, { retryLimit: 0 });
    } catch (err) {
      await finishBackup(db, row.id, {
        status: 'failed',
        fileName: null,
        sizeBytes: null,
        error: 'The backup could not be queued',
        finishedAt: clock.now(),
      });
      throw err;
    }
    return toBackup(row);
  }

  async function getBackup(id: string): Promise<DatabaseBackup> {
    const row = await findBackupById(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Backup not found');
    return toBackup(row);
  }

  /** The job: writes the file and records the outcome. Never throws, so the queue never retries it. */
  async function runBackup(backupId: string): Promise<void> {
    const row = await findBackupById(db, backupId);
    if (row?.status !== 'running') return;
    const fileName = backupFileName(method, row.startedAt);
    try {
      // Instances normally share one configuration; this one may not (a rolling change of BACKUP_DIR).
      if (!config.backupDir) throw new Error('BACKUP_DIR is not set on the instance that took the job');
      const { sizeBytes } = await dumpDatabase(database, {
        dir: config.backupDir,
        fileName,
        pgDumpPath: config.pgDumpPath,
      });
      await finishBackup(db, row.id, {
        status: 'succeeded',
        fileName,
        sizeBytes,
        error: null,
        finishedAt: clock.now(),
      });
      const deleted = await pruneBackupFiles(config.backupDir, config.keep);
      logger.info({ backupId, fileName, sizeBytes, deleted }, 'database backup written');
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      logger.error({ backupId, error }, 'database backup failed');
      await finishBackup(db, row.id, {
        status: 'failed',
        fileName: null,
        sizeBytes: null,
        error,
        finishedAt: clock.now(),
      }).catch(() => undefined);
    }
  }

  /** The hourly check: starts a scheduled backup when backups are configured and one is due. */
  async function runScheduledBackupIfDue(): Promise<DatabaseBackup | null> {
    if (!(await getAvailability()).configured) return null;
    const [frequency, last] = await Promise.all([
      settings.get('database.backup_frequency'),
      findLastSucceededBackup(db),
    ]);
    if (!isBackupDue(frequency, last?.startedAt ?? null, clock.now())) return null;
    try {
      return await requestBackup(null);
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') return null;
      throw err;
    }
  }

  return { getAvailability, getSummary, requestBackup, getBackup, runBackup, runScheduledBackupIfDue };
}

function toBackup(row: DatabaseBackupRow): DatabaseBackup {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    requestedBy:
      row.requestedById && row.requestedByName ? { id: row.requestedById, name: row.requestedByName } : null,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** PostgreSQL's unique violation (both drivers, wrapped by Drizzle or not). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}
