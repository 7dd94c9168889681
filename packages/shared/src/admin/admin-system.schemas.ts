import * as z from '../zod.ts';

export const DATABASE_BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** One run of the database backup (a pg_dump file, or a PGlite data-directory dump). */
export const DatabaseBackupSchema = z.object({
  id: z.string(),
  status: z.enum(DATABASE_BACKUP_STATUSES),
  trigger: z.enum(['manual', 'scheduled']),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DatabaseBackup = z.infer<typeof DatabaseBackupSchema>;

/** POST /api/admin/system/backups (202, status running) and GET /api/admin/system/backups/:id (polling). */
export const DatabaseBackupResponseSchema = z.object({ backup: DatabaseBackupSchema });
export type DatabaseBackupResponse = z.infer<typeof DatabaseBackupResponseSchema>;

/** GET /api/admin/system/database: the Database card of /admin/system, measured on each call. */
export const DatabaseStatusSchema = z.object({
  connected: z.boolean(),
  kind: z.enum(['pglite', 'postgres']),
  /** Round trip of `select 1`, in milliseconds. */
  latencyMs: z.number().nullable(),
  serverVersion: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  backups: z.object({
    /** Whether this server can run a backup (BACKUP_DIR set, and pg_dump found for PostgreSQL). */
    configured: z.boolean(),
    method: z.enum(['pg_dump', 'pglite-dump']).nullable(),
    /** Why backups cannot run here, when they cannot (shown on the card with a pointer to the docs). */
    unavailableReason: z.string().nullable(),
    lastSucceeded: DatabaseBackupSchema.nullable(),
    recent: z.array(DatabaseBackupSchema),
  }),
  checkedAt: z.string(),
});
export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>;

export const SYSTEM_MESSAGES = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings',
  backupStarted: 'Backup started',
  backupSucceeded: 'Backup completed',
  backupFailed: 'Backup failed',
  backupRunning: 'A backup is already running.',
  backupsNotConfigured: 'Backups are not configured on this server. See docs/DEPLOYMENT.md.',
} as const;
