import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import {
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxCustomers,
  sandboxEvents,
  sandboxInvoices,
  sandboxPortalSessions,
  sandboxRefunds,
  sandboxSubscriptions,
} from './sandbox.table.ts';

export type SandboxCustomer = typeof sandboxCustomers.$inferSelect;
export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect;
export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;
export type SandboxCharge = typeof sandboxCharges.$inferSelect;
export type SandboxInvoice = typeof sandboxInvoices.$inferSelect;
export type SandboxRefund = typeof sandboxRefunds.$inferSelect;
export type SandboxPortalSession = typeof sandboxPortalSessions.$inferSelect;
export type SandboxEvent = typeof sandboxEvents.$inferSelect;

export async function insertCustomer(db: Db, row: typeof sandboxCustomers.$inferInsert) {
  const [created] = await db.insert(sandboxCustomers).values(row).returning();
  return created;
}
export async function findCustomer(db: Db, id: string) {
  const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  return row;
}
export async function updateCustomer(db: Db, id: string, set: Partial<typeof sandboxCustomers.$inferInsert>) {
  await db.update(sandboxCustomers).set(set).where(eq(sandboxCustomers.id, id));
}

export async function insertSession(db: Db, row: typeof sandboxCheckoutSessions.$inferInsert) {
  const [created] = await db.insert(sandboxCheckoutSessions).values(row).returning();
  return created;
}
export async function findSession(db: Db, id: string) {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
  return row;
}
/** Completes an open session; undefined when it was no longer open (double submit, expired). */
export async function completeSession(
  db: Db,
  id: string,
  set: Partial<typeof sandboxCheckoutSessions.$inferInsert>,
) {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({ ...set, status: 'complete' })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  return row;
}
/** Expires one open session; undefined when it was no longer open (paid a moment before). */
export async function expireSession(db: Db, id: string): Promise<SandboxSession | undefined> {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  return row;
}
export async function expireSessions(db: Db, now: Date): Promise<SandboxSession[]> {
  return db
    .update(sandboxCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckoutSessions.status, 'open'), lte(sandboxCheckoutSessions.expiresAt, now)))
    .returning();
}

export async function insertSubscription(db: Db, row: typeof sandboxSubscriptions.$inferInsert) {
  const [created] = await db.insert(sandboxSubscriptions).values(row).returning();
  return created;
}
export async function findSubscription(db: Db, id: string) {
  const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  return row;
}
/** Row-locks the subscription for the rest of the transaction, so renewals never run twice. */
export async function lockSubscription(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, id))
    .for('update');
  return row;
}
export async function updateSubscription(
  db: Db,
  id: string,
  set: Partial<typeof sandboxSubscriptions.$inferInsert>,
): Promise<SandboxSubscription> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set(set)
    .where(eq(sandboxSubscriptions.id, id))
    .returning();
  return row;
}
export async function listSubscriptionsByCustomer(db: Db, customerId: string) {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.customerId, customerId))
    .orderBy(desc(sandboxSubscriptions.createdAt));
}
/** Live subscriptions whose period has ended: renew, retry or end them. */
export async function listDueSubscriptions(db: Db, now: Date) {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        inArray(sandboxSubscriptions.status, ['active', 'past_due']),
        lte(sandboxSubscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
    .limit(100);
}
export async function listPastDueSubscriptions(db: Db) {
  return db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.status, 'past_due')).limit(100);
}

export async function insertCharge(db: Db, row: typeof sandboxCharges.$inferInsert) {
  const [created] = await db.insert(sandboxCharges).values(row).returning();
  return created;
}
export async function findCharge(db: Db, id: string) {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return row;
}
export async function addRefundedAmount(db: Db, id: string, cents: number) {
  await db
    .update(sandboxCharges)
    .set({ amountRefundedCents: sql`${sandboxCharges.amountRefundedCents} + ${cents}` })
    .where(eq(sandboxCharges.id, id));
}

export async function insertInvoice(db: Db, row: typeof sandboxInvoices.$inferInsert) {
  const [created] = await db.insert(sandboxInvoices).values(row).returning();
  return created;
}
export async function findInvoice(db: Db, id: string) {
  const [row] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
  return row;
}
export async function updateInvoice(db: Db, id: string, set: Partial<typeof sandboxInvoices.$inferInsert>) {
  const [row] = await db.update(sandboxInvoices).set(set).where(eq(sandboxInvoices.id, id)).returning();
  return row;
}
export async function findOpenInvoice(db: Db, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')))
    .orderBy(desc(sandboxInvoices.createdAt));
  return row;
}
export async function findFirstPaidInvoice(db: Db, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'paid')))
    .orderBy(asc(sandboxInvoices.paidAt));
  return row;
}

export async function insertRefund(db: Db, row: typeof sandboxRefunds.$inferInsert) {
  const [created] = await db.insert(sandboxRefunds).values(row).onConflictDoNothing().returning();
  return created;
}
export async function findRefund(db: Db, id: string) {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
  return row;
}
export async function listRefundsByCharge(db: Db, chargeId: string) {
  return db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.chargeId, chargeId))
    .orderBy(asc(sandboxRefunds.createdAt));
}
export async function findRefundByKey(db: Db, key: string) {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
  return row;
}

export async function insertPortalSession(db: Db, row: typeof sandboxPortalSessions.$inferInsert) {
  const [created] = await db.insert(sandboxPortalSessions).values(row).returning();
  return created;
}
export async function findPortalSession(db: Db, id: string) {
  const [row] = await db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id));
  return row;
}

export async function insertEvent(db: Db, row: typeof sandboxEvents.$inferInsert) {
  await db.insert(sandboxEvents).values(row);
}
export async function findEvent(db: Db, id: string) {
  const [row] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, id));
  return row;
}
export async function listEvents(db: Db, opts: { undeliveredOnly?: boolean } = {}) {
  return db
    .select()
    .from(sandboxEvents)
    .where(opts.undeliveredOnly ? isNull(sandboxEvents.deliveredAt) : undefined)
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id));
}
/** Events that were never delivered nor tried, e.g. because queueing them failed after the commit. */
export async function listStrandedEvents(db: Db, before: Date) {
  return db
    .select()
    .from(sandboxEvents)
    .where(
      and(
        isNull(sandboxEvents.deliveredAt),
        eq(sandboxEvents.attempts, 0),
        lt(sandboxEvents.createdAt, before),
      ),
    )
    .limit(100);
}
export async function markEventAttempt(db: Db, id: string, result: { delivered: boolean; error?: string }) {
  await db
    .update(sandboxEvents)
    .set({
      attempts: sql`${sandboxEvents.attempts} + 1`,
      deliveredAt: result.delivered ? new Date() : null,
      lastError: result.error ?? null,
    })
    .where(eq(sandboxEvents.id, id));
}

/** Records the first browser's key hash of a checkout page or portal; false when another got there first. */
export async function claimBrowser(
  db: Db,
  kind: 'checkout' | 'portal',
  id: string,
  keyHash: string,
): Promise<boolean> {
  const table = kind === 'checkout' ? sandboxCheckoutSessions : sandboxPortalSessions;
  const rows = await db
    .update(table)
    .set({ browserKeyHash: keyHash })
    .where(and(eq(table.id, id), isNull(table.browserKeyHash)))
    .returning({ id: table.id });
  return rows.length > 0;
}
