import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins } from './admin.table.ts';

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
