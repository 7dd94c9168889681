import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushOutbox, pushPreferences, pushSubscriptions } from './push.table.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushOutboxRow = typeof pushOutbox.$inferSelect;
export type PushPreferencesRow = typeof pushPreferences.$inferSelect;

/**
 * Saves the browser's subscription for the session that registered it; the same endpoint registered
 * again (another session, another user) moves over to that session.
 */
export async function upsertSubscription(db: Db, row: typeof pushSubscriptions.$inferInsert): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        createdAt: row.createdAt,
      },
    });
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length;
}

/** Subscriptions the push service says are gone (404 or 410), or whose session ended. */
export async function deleteSubscriptionsById(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** The devices and the switches of the users of one batch of pushes, in two queries. */
export async function findRecipients(
  db: Db,
  userIds: string[],
): Promise<{ subscriptions: PushSubscriptionRow[]; preferences: PushPreferencesRow[] }> {
  if (userIds.length === 0) return { subscriptions: [], preferences: [] };
  const [subscriptions, preferences] = await Promise.all([
    db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)),
    db.select().from(pushPreferences).where(inArray(pushPreferences.userId, userIds)),
  ]);
  return { subscriptions, preferences };
}

export async function countSubscriptions(db: Db, userId: string, exceptEndpoint?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(
      exceptEndpoint
        ? and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.endpoint} <> ${exceptEndpoint}`)
        : eq(pushSubscriptions.userId, userId),
    );
  return row?.n ?? 0;
}

export async function markDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastDeliveredAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function findPreferences(db: Db, userId: string): Promise<PushPreferencesRow | undefined> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return row;
}

export async function upsertPreferences(db: Db, row: typeof pushPreferences.$inferInsert): Promise<void> {
  const { userId: _userId, ...changes } = row;
  await db
    .insert(pushPreferences)
    .values(row)
    .onConflictDoUpdate({ target: pushPreferences.userId, set: changes });
}

/**
 * Queues a push only when its user has a device: a user without one (most traders) costs the change no
 * outbox row and the sender no claim and no update for it.
 */
export async function insertPushForDevices(
  db: Db,
  row: Pick<
    typeof pushOutbox.$inferSelect,
    'id' | 'userId' | 'kind' | 'payload' | 'aboutUserId' | 'nextAttemptAt'
  >,
): Promise<void> {
  await db.execute(sql`
    insert into ${pushOutbox} (id, user_id, kind, payload, about_user_id, next_attempt_at)
    select ${row.id}, ${row.userId}, ${row.kind}, ${JSON.stringify(row.payload)}::jsonb, ${row.aboutUserId},
      ${row.nextAttemptAt.toISOString()}::timestamptz
    where exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${row.userId})`);
}

/** Due pushes, new ones first; a claim that outlived its sender is taken over. */
export async function claimDuePushes(
  db: Db,
  opts: { now: Date; claimedUntil: Date; limit: number },
): Promise<PushOutboxRow[]> {
  const due = or(
    and(eq(pushOutbox.status, 'queued'), sql`${pushOutbox.nextAttemptAt} <= ${opts.now}`),
    and(eq(pushOutbox.status, 'sending'), sql`${pushOutbox.claimedUntil} < ${opts.now}`),
  );
  const claimable = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(due)
    .orderBy(pushOutbox.attempts, pushOutbox.nextAttemptAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(pushOutbox)
    .set({ status: 'sending', claimedUntil: opts.claimedUntil })
    .where(inArray(pushOutbox.id, claimable))
    .returning();
}

export async function finishPush(
  db: Db,
  id: string,
  outcome:
    | { status: 'sent' | 'skipped'; at: Date }
    | { status: 'queued'; error: string; nextAttemptAt: Date }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(pushOutbox)
    .set({
      status: outcome.status,
      claimedUntil: null,
      attempts: sql`${pushOutbox.attempts} + 1`,
      ...('at' in outcome ? { sentAt: outcome.at, lastError: null } : { lastError: outcome.error }),
      ...(outcome.status === 'queued' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(eq(pushOutbox.id, id));
}
