import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from './billing.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** Inserts or refreshes the mirror of one provider subscription. */
export async function upsertSubscription(db: Db, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = row;
  const [stored] = await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: { ...changes, syncedAt: sql`now()` },
    })
    .returning();
  return stored;
}

/** A user's subscriptions with one provider, newest first. */
export async function listSubscriptionsByUser(
  db: Db,
  userId: string,
  provider: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider)))
    .orderBy(desc(subscriptions.createdAt));
}
