import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userNotifications } from './user-notifications.table.ts';

export type UserNotificationRow = typeof userNotifications.$inferSelect;

export async function insertUserNotifications(db: Db, rows: (typeof userNotifications.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(userNotifications).values(rows);
}

export function listUserNotifications(db: Db, userId: string, limit: number): Promise<UserNotificationRow[]> {
  return db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notifications read: the given ones, or all with `ids` null. */
export async function markRead(db: Db, userId: string, ids: string[] | null, now: Date): Promise<void> {
  await db
    .update(userNotifications)
    .set({ readAt: now })
    .where(
      and(
        eq(userNotifications.userId, userId),
        isNull(userNotifications.readAt),
        ids === null ? undefined : inArray(userNotifications.id, ids),
      ),
    );
}
