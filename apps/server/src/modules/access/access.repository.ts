import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins } from './admins.table.ts';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByUserId(db: Db, userId: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.userId, userId));
  return row;
}

export async function insertAdmin(db: Db, row: typeof admins.$inferInsert): Promise<AdminRow> {
  const [created] = await db.insert(admins).values(row).onConflictDoNothing().returning();
  if (created) return created;
  const existing = await findAdminByUserId(db, row.userId);
  if (!existing) throw new Error('Admin row vanished after a conflicting insert');
  return existing;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}

export async function listAdmins(db: Db) {
  return db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.id));
}

/** Every admin row, locked until the transaction ends (so two removals cannot both pass the last-admin check). */
export async function lockAdmins(db: Db) {
  return db.select({ id: admins.id }).from(admins).for('update');
}

export async function deleteAdmin(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(admins).where(eq(admins.id, id)).returning({ id: admins.id });
  return deleted.length > 0;
}

/** Which of these users are administrators. */
export async function findAdminUserIds(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ userId: admins.userId }).from(admins).where(inArray(admins.userId, userIds));
  return new Set(rows.map((r) => r.userId));
}
