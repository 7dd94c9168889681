import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type DatabaseBackupRow, databaseBackups } from './backups.table.ts';

export async function insertBackup(
  db: Db,
  row: typeof databaseBackups.$inferInsert,
): Promise<DatabaseBackupRow> {
  const [inserted] = await db.insert(databaseBackups).values(row).returning();
  return inserted;
}

export async function findBackupById(db: Db, id: string): Promise<DatabaseBackupRow | undefined> {
  const [row] = await db.select().from(databaseBackups).where(eq(databaseBackups.id, id));
  return row;
}

export async function findRunningBackup(db: Db): Promise<DatabaseBackupRow | undefined> {
  const [row] = await db.select().from(databaseBackups).where(eq(databaseBackups.status, 'running'));
  return row;
}

/** Newest first. */
export async function listRecentBackups(db: Db, limit: number): Promise<DatabaseBackupRow[]> {
  return db
    .select()
    .from(databaseBackups)
    .orderBy(desc(databaseBackups.startedAt), desc(databaseBackups.id))
    .limit(limit);
}

export async function findLastSucceededBackup(db: Db): Promise<DatabaseBackupRow | undefined> {
  const [row] = await db
    .select()
    .from(databaseBackups)
    .where(eq(databaseBackups.status, 'succeeded'))
    .orderBy(desc(databaseBackups.startedAt))
    .limit(1);
  return row;
}

/** Ends a running backup; a row that is no longer running is left alone (returns undefined). */
export async function finishBackup(
  db: Db,
  id: string,
  result: Pick<DatabaseBackupRow, 'status' | 'fileName' | 'sizeBytes' | 'error' | 'finishedAt'>,
): Promise<DatabaseBackupRow | undefined> {
  const [row] = await db
    .update(databaseBackups)
    .set(result)
    .where(and(eq(databaseBackups.id, id), eq(databaseBackups.status, 'running')))
    .returning();
  return row;
}

/** Marks backups still running since before `startedBefore` as failed with `error`. */
export async function failStaleBackups(
  db: Db,
  startedBefore: Date,
  error: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(databaseBackups)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(databaseBackups.status, 'running'), lt(databaseBackups.startedAt, startedBefore)))
    .returning({ id: databaseBackups.id });
  return rows.length;
}
