import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from './settings.table.ts';

export type SettingRow = typeof settings.$inferSelect;

export async function listSettingRows(db: Db): Promise<SettingRow[]> {
  return db.select().from(settings);
}

/** Inserts the rows whose keys are missing; existing values are never overwritten. */
export async function insertMissingSettings(db: Db, rows: Array<{ key: string; value: unknown }>) {
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing();
}

export async function upsertSettings(
  db: Db,
  rows: Array<{ key: string; value: unknown }>,
  updatedBy: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(settings)
    .values(rows.map((r) => ({ ...r, updatedBy, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`excluded.value`,
        updatedAt: sql`excluded.updated_at`,
        updatedBy: sql`excluded.updated_by`,
      },
    });
}
