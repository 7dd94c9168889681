import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './notifications.table.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

export async function insertOutboxEmail(db: Db, row: NewOutboxRow): Promise<OutboxRow> {
  const [created] = await db.insert(emailOutbox).values(row).returning();
  return created;
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/**
 * Claims up to `limit` emails for one sender until `claimedUntil`: queued emails that are due, new
 * mail (no attempt yet) before retries, and emails whose claim ran out (a sender died mid-batch).
 * SKIP LOCKED lets several senders, on any instance, claim disjoint batches at once.
 */
export async function claimDueEmails(
  db: Db,
  opts: { now: Date; claimedUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = sql`(${emailOutbox.status} = 'queued' and ${emailOutbox.nextAttemptAt} <= ${opts.now})
    or (${emailOutbox.status} = 'sending' and ${emailOutbox.claimedUntil} < ${opts.now})`;
  const claimable = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(due)
    .orderBy(sql`${emailOutbox.attempts} > 0`, emailOutbox.nextAttemptAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', claimedUntil: opts.claimedUntil })
    .where(inArray(emailOutbox.id, claimable))
    .returning();
}

/** The emails of one batch that the SMTP server accepted. */
export async function markOutboxSent(db: Db, ids: string[], sentAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: null,
      claimedUntil: null,
    })
    .where(inArray(emailOutbox.id, ids));
}

/** A failed attempt: queued again for `nextAttemptAt`, or (null) failed for good. */
export async function markOutboxAttemptFailed(
  db: Db,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: nextAttemptAt ? 'queued' : 'failed',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      claimedUntil: null,
      ...(nextAttemptAt && { nextAttemptAt }),
    })
    .where(eq(emailOutbox.id, id));
}

export async function listOutboxEmails(db: Db, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(opts.to ? eq(emailOutbox.toAddress, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(opts.limit);
}

/** Failed emails, newest first, leaving out the kinds given (those another screen accounts for). */
export async function listFailedEmails(
  db: Db,
  opts: { excludeKinds: string[]; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = failedWhere(opts.excludeKinds);
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(opts.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Queues failed emails again as new mail (attempts from zero, so a whole retry window follows):
 * the one given, or every failed one. Returns the ids queued.
 */
export async function requeueFailedEmails(
  db: Db,
  opts: { id?: string; excludeKinds: string[]; now: Date },
): Promise<string[]> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: opts.now, claimedUntil: null })
    .where(and(failedWhere(opts.excludeKinds), opts.id ? eq(emailOutbox.id, opts.id) : undefined))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

function failedWhere(excludeKinds: string[]): SQL | undefined {
  return and(
    eq(emailOutbox.status, 'failed'),
    excludeKinds.length > 0 ? notInArray(emailOutbox.kind, excludeKinds) : undefined,
  );
}

export async function countQueuedEmails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'queued'));
  return row?.n ?? 0;
}
