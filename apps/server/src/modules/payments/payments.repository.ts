import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CheckoutStatus,
  paymentCheckouts,
  paymentCustomers,
  paymentRefunds,
  payments,
  providerEvents,
} from './payments.table.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type CheckoutRow = typeof paymentCheckouts.$inferSelect;

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

/**
 * Takes the payment's checkout lease unless another request holds a fresh one (younger than
 * `staleBefore`); answers whether this caller now holds it.
 */
export async function claimCheckoutLease(
  db: Db,
  paymentId: string,
  claimId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ checkoutClaimId: claimId, checkoutClaimedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        or(isNull(payments.checkoutClaimId), lt(payments.checkoutClaimedAt, staleBefore)),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function releaseCheckoutLease(db: Db, paymentId: string, claimId: string): Promise<void> {
  await db
    .update(payments)
    .set({ checkoutClaimId: null, checkoutClaimedAt: null })
    .where(and(eq(payments.id, paymentId), eq(payments.checkoutClaimId, claimId)));
}

export async function insertCheckout(db: Db, row: typeof paymentCheckouts.$inferInsert): Promise<void> {
  await db.insert(paymentCheckouts).values(row).onConflictDoNothing();
}

/** A checkout page by the provider's id of the page or of the charge that paid it. */
export async function findCheckout(
  db: Db,
  provider: string,
  key: { providerCheckoutId: string } | { providerPaymentRef: string },
): Promise<CheckoutRow | undefined> {
  const match =
    'providerCheckoutId' in key
      ? eq(paymentCheckouts.providerCheckoutId, key.providerCheckoutId)
      : eq(paymentCheckouts.providerPaymentRef, key.providerPaymentRef);
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.provider, provider), match));
  return row;
}

/** Writes a checkout page's row whether or not it was recorded when it was opened. */
export async function upsertCheckout(
  db: Db,
  row: typeof paymentCheckouts.$inferInsert,
): Promise<CheckoutRow> {
  const [saved] = await db
    .insert(paymentCheckouts)
    .values(row)
    .onConflictDoUpdate({
      target: [paymentCheckouts.provider, paymentCheckouts.providerCheckoutId],
      set: {
        status: row.status,
        providerPaymentRef: row.providerPaymentRef,
        paidCents: row.paidCents,
        updatedAt: row.updatedAt ?? new Date(),
      },
    })
    .returning();
  return saved;
}

export async function updateCheckout(
  db: Db,
  id: string,
  set: Partial<typeof paymentCheckouts.$inferInsert>,
): Promise<void> {
  await db
    .update(paymentCheckouts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(paymentCheckouts.id, id));
}

export async function markCheckoutsSuperseded(db: Db, paymentId: string, exceptId: string): Promise<void> {
  await db
    .update(paymentCheckouts)
    .set({ status: 'superseded' satisfies CheckoutStatus, updatedAt: new Date() })
    .where(
      and(
        eq(paymentCheckouts.paymentId, paymentId),
        eq(paymentCheckouts.status, 'open'),
        sql`${paymentCheckouts.providerCheckoutId} <> ${exceptId}`,
      ),
    );
}

/** Stray charges whose refund has not been issued yet, oldest first (the payments job retries them). */
export async function listStrayCheckouts(db: Db, limit: number): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.status, 'stray'))
    .orderBy(asc(paymentCheckouts.updatedAt))
    .limit(limit);
}

/** What has been refunded of one stray checkout charge. */
export async function sumCheckoutRefunds(db: Db, checkoutId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${paymentRefunds.amountCents})` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.checkoutId, checkoutId));
  return Number(row?.total ?? 0);
}
