import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentCustomers, paymentRefunds, payments, providerEvents } from './payments.table.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type ProviderEventRow = typeof providerEvents.$inferSelect;

export async function findCustomer(db: Db, userId: string, provider: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row;
}

export async function findCustomerByProviderId(db: Db, provider: string, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.provider, provider),
        eq(paymentCustomers.providerCustomerId, providerCustomerId),
      ),
    );
  return row;
}

/** Inserts the customer unless the user has one for this provider; returns whichever is stored. */
export async function insertCustomer(db: Db, row: typeof paymentCustomers.$inferInsert) {
  await db.insert(paymentCustomers).values(row).onConflictDoNothing();
  const stored = await findCustomer(db, row.userId, row.provider);
  if (!stored) throw new Error('Payment customer vanished after insert');
  return stored;
}

export async function insertPayment(db: Db, row: NewPaymentRow): Promise<PaymentRow | undefined> {
  const [created] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentForUpdate(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** The open or paid payment for a payer, purpose and target (at most one, by a partial unique index). */
export async function findLivePayment(
  db: Db,
  key: {
    userId: string;
    purpose: PaymentRow['purpose'];
    targetType: PaymentRow['targetType'];
    targetId: string;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, key.userId),
        eq(payments.purpose, key.purpose),
        eq(payments.targetType, key.targetType),
        eq(payments.targetId, key.targetId),
        inArray(payments.status, ['pending', 'succeeded']),
      ),
    );
  return row;
}

export async function findPaymentByInvoice(db: Db, providerInvoiceId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerInvoiceId, providerInvoiceId));
  return row;
}

export async function findPaymentByRef(db: Db, provider: string, providerPaymentRef: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentRef, providerPaymentRef)))
    .orderBy(asc(payments.createdAt));
  return row;
}

export async function listPaymentsByUser(db: Db, userId: string, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** Paid subscription payments for a provider subscription, oldest first. */
export async function listSubscriptionPayments(
  db: Db,
  providerSubscriptionId: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'subscription'), eq(payments.targetId, providerSubscriptionId)))
    .orderBy(asc(payments.succeededAt), asc(payments.createdAt));
}

export async function updatePayment(
  db: Db,
  id: string,
  set: Partial<NewPaymentRow>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row;
}

/** Sets fulfilledAt only if it is empty: the row returned means "this caller runs the handler". */
export async function claimFulfilment(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ fulfilledAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.fulfilledAt), eq(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function insertRefund(db: Db, row: typeof paymentRefunds.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(paymentRefunds)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  return rows.length > 0;
}

export async function insertProviderEvent(db: Db, row: typeof providerEvents.$inferInsert): Promise<void> {
  await db.insert(providerEvents).values(row).onConflictDoNothing();
}

export async function findProviderEvent(db: Db, id: string): Promise<ProviderEventRow | undefined> {
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, id));
  return row;
}

export async function markProviderEventProcessed(db: Db, id: string): Promise<void> {
  await db
    .update(providerEvents)
    .set({ processedAt: new Date(), attempts: sql`${providerEvents.attempts} + 1`, lastError: null })
    .where(eq(providerEvents.id, id));
}

export async function markProviderEventFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(providerEvents)
    .set({ attempts: sql`${providerEvents.attempts} + 1`, lastError: error.slice(0, 1000) })
    .where(eq(providerEvents.id, id));
}
