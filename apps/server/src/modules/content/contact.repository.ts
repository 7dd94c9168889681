import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from './contact.table.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Db, row: NewContactMessageRow): Promise<ContactMessageRow> {
  const [created] = await db.insert(contactMessages).values(row).returning();
  return created;
}

/** Serialises one user's sends until the transaction ends, so the rate limit cannot be raced. */
export async function lockContactSender(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${userId}`}))`);
}

/** How many messages the user sent after `since`, and when the oldest of them was sent. */
export async function countRecentContactMessages(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const where = and(eq(contactMessages.userId, userId), gt(contactMessages.createdAt, since));
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  if (!total || total.n === 0) return { count: 0, oldest: null };
  const [first] = await db
    .select({ createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(where)
    .orderBy(asc(contactMessages.createdAt))
    .limit(1);
  return { count: total.n, oldest: first?.createdAt ?? null };
}

export async function markContactMessageEmailed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(contactMessages).set({ emailedAt: at }).where(eq(contactMessages.id, id));
}
