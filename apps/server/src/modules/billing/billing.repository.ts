import { and, arrayOverlaps, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { premiumCheckouts, premiumRefunds, subscriptions } from './billing.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type PremiumRefundRow = typeof premiumRefunds.$inferSelect;
export type NewPremiumRefundRow = typeof premiumRefunds.$inferInsert;

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

/** Records that a Premium payment was refunded, with who it went to; a second refund of it adds nothing. */
export async function insertPremiumRefund(db: Db, row: NewPremiumRefundRow): Promise<void> {
  await db.insert(premiumRefunds).values(row).onConflictDoNothing({ target: premiumRefunds.paymentId });
}

/** Refunds granted to any of these identities, other than those of one subscription (a retry of it). */
export async function listPremiumRefundsMatching(
  db: Db,
  identities: string[],
  exceptProviderSubscriptionId: string | null,
): Promise<PremiumRefundRow[]> {
  if (identities.length === 0) return [];
  const matching = arrayOverlaps(premiumRefunds.identities, identities);
  return db
    .select()
    .from(premiumRefunds)
    .where(
      exceptProviderSubscriptionId
        ? and(matching, ne(premiumRefunds.providerSubscriptionId, exceptProviderSubscriptionId))
        : matching,
    );
}

export async function insertPremiumCheckout(db: Db, row: typeof premiumCheckouts.$inferInsert) {
  await db.insert(premiumCheckouts).values(row).onConflictDoNothing();
}

/** A user's checkout pages opened since `since` and not yet paid and synced, or expired. */
export async function listUnsettledCheckouts(db: Db, userId: string, provider: string, since: Date) {
  return db
    .select()
    .from(premiumCheckouts)
    .where(
      and(
        eq(premiumCheckouts.userId, userId),
        eq(premiumCheckouts.provider, provider),
        isNull(premiumCheckouts.settledAt),
        gte(premiumCheckouts.createdAt, since),
      ),
    );
}

export async function settleCheckout(db: Db, providerCheckoutId: string, at: Date): Promise<void> {
  await db
    .update(premiumCheckouts)
    .set({ settledAt: at })
    .where(eq(premiumCheckouts.providerCheckoutId, providerCheckoutId));
}

/** Subscriptions the mirror still calls subscribed whose current period ended before `before`. */
export async function listSubscribedEndedBefore(db: Db, provider: string, before: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.subscribed, true),
        lt(subscriptions.currentPeriodEnd, before),
      ),
    );
}
