import type { PrivateFilePurpose } from '@app/shared/files/private-files';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privateFiles } from './private-files.table.ts';

export type PrivateFileRow = typeof privateFiles.$inferSelect;

export async function insertPrivateFile(
  db: Db,
  row: typeof privateFiles.$inferInsert,
): Promise<PrivateFileRow> {
  const [inserted] = await db.insert(privateFiles).values(row).returning();
  if (!inserted) throw new Error('private file insert returned no row');
  return inserted;
}

export async function findPrivateFile(db: Db, id: string): Promise<PrivateFileRow | null> {
  const [row] = await db.select().from(privateFiles).where(eq(privateFiles.id, id));
  return row ?? null;
}

export async function findPrivateFiles(db: Db, ids: readonly string[]): Promise<PrivateFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(privateFiles)
    .where(inArray(privateFiles.id, [...ids]));
}

export async function listAttachedFiles(
  db: Db,
  purpose: PrivateFilePurpose,
  attachedTo: readonly string[],
): Promise<PrivateFileRow[]> {
  if (attachedTo.length === 0) return [];
  return db
    .select()
    .from(privateFiles)
    .where(and(eq(privateFiles.purpose, purpose), inArray(privateFiles.attachedTo, [...attachedTo])))
    .orderBy(privateFiles.createdAt, privateFiles.id);
}

/**
 * Attaches the owner's uploads of one purpose that are free or already on `attachedTo`, under their
 * row locks (two steps naming the same upload cannot both take it). Returns the rows attached.
 */
export async function attachFiles(
  tx: Db,
  input: {
    ownerUserId: string;
    purpose: PrivateFilePurpose;
    ids: readonly string[];
    attachedTo: string;
    at: Date;
  },
): Promise<PrivateFileRow[]> {
  if (input.ids.length === 0) return [];
  return tx
    .update(privateFiles)
    .set({ attachedTo: input.attachedTo, attachedAt: sql`coalesce(${privateFiles.attachedAt}, ${input.at})` })
    .where(
      and(
        inArray(privateFiles.id, [...input.ids]),
        eq(privateFiles.ownerUserId, input.ownerUserId),
        eq(privateFiles.purpose, input.purpose),
        or(isNull(privateFiles.attachedTo), eq(privateFiles.attachedTo, input.attachedTo)),
      ),
    )
    .returning();
}

/** Uploads nothing claimed before `before`: removed with their files by the purge job. */
export async function deleteUnattachedBefore(db: Db, before: Date): Promise<PrivateFileRow[]> {
  return db
    .delete(privateFiles)
    .where(and(isNull(privateFiles.attachedTo), lt(privateFiles.createdAt, before)))
    .returning();
}
