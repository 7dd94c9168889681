import { and, desc, eq, sql } from 'drizzle-orm';
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

export async function markOutboxSent(db: Db, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markOutboxAttemptFailed(
  db: Db,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: final ? 'failed' : 'queued',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error,
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

export async function countQueuedEmails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued')));
  return row?.n ?? 0;
}
