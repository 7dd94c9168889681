import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per database backup run (the Database card of /admin/system). The requester's id and name
 * are copied, like the audit log, so the history survives the account's deletion.
 */
export const databaseBackups = pgTable(
  'database_backups',
  {
    id: text().primaryKey(),
    status: text().$type<'running' | 'succeeded' | 'failed'>().notNull(),
    trigger: text().$type<'manual' | 'scheduled'>().notNull(),
    method: text().$type<'pg_dump' | 'pglite-dump'>().notNull(),
    fileName: text(),
    sizeBytes: bigint({ mode: 'number' }),
    error: text(),
    requestedById: text(),
    requestedByName: text(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // At most one backup runs at a time, across every instance: a second insert fails here.
    uniqueIndex('database_backups_one_running_idx').on(t.status).where(sql`status = 'running'`),
    index('database_backups_started_at_idx').on(t.startedAt.desc()),
  ],
);

export type DatabaseBackupRow = typeof databaseBackups.$inferSelect;
