import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyDirectory } from '../companies/index.ts';
import { escrowPayments } from './escrow-payments.table.ts';

export type EscrowPaymentRow = typeof escrowPayments.$inferSelect;
export type NewEscrowPaymentRow = typeof escrowPayments.$inferInsert;

export async function insertEscrowPayment(db: Db, row: NewEscrowPaymentRow): Promise<EscrowPaymentRow> {
  const [inserted] = await db.insert(escrowPayments).values(row).returning();
  return inserted;
}

export async function updateEscrowPayment(
  db: Db,
  id: string,
  values: Partial<NewEscrowPaymentRow>,
): Promise<EscrowPaymentRow | undefined> {
  const [row] = await db.update(escrowPayments).set(values).where(eq(escrowPayments.id, id)).returning();
  return row;
}

export async function cancelPendingEscrowPayments(db: Db, dealId: string, now: Date): Promise<void> {
  await db
    .update(escrowPayments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(escrowPayments.dealId, dealId), eq(escrowPayments.status, 'pending')));
}

/** The deal's current funding attempt: the newest one (spec: escrow_payments by deal_id). */
export async function findEscrowPaymentOfDeal(
  db: Db,
  dealId: string,
  prefer?: EscrowPaymentRow['status'],
): Promise<EscrowPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(escrowPayments)
    .where(eq(escrowPayments.dealId, dealId))
    .orderBy(
      ...(prefer ? [sql`(${escrowPayments.status} = ${prefer}) desc`] : []),
      desc(escrowPayments.createdAt),
      desc(escrowPayments.id),
    )
    .limit(1);
  return row;
}

export async function findEscrowPaymentsOfDeals(db: Db, dealIds: string[]): Promise<EscrowPaymentRow[]> {
  if (dealIds.length === 0) return [];
  return db
    .select()
    .from(escrowPayments)
    .where(inArray(escrowPayments.dealId, dealIds))
    .orderBy(desc(escrowPayments.createdAt), desc(escrowPayments.id));
}

export async function findEscrowPaymentBy(
  db: Db,
  key: { id?: string; paymentId?: string; wireTransferId?: string; providerTransactionId?: string },
): Promise<EscrowPaymentRow | undefined> {
  const where = key.id
    ? eq(escrowPayments.id, key.id)
    : key.paymentId
      ? eq(escrowPayments.paymentId, key.paymentId)
      : key.wireTransferId
        ? eq(escrowPayments.wireTransferId, key.wireTransferId)
        : key.providerTransactionId
          ? eq(escrowPayments.providerTransactionId, key.providerTransactionId)
          : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(escrowPayments).where(where).orderBy(desc(escrowPayments.createdAt));
  return row;
}

export async function findEscrowPaymentsOfPayment(db: Db, paymentId: string): Promise<EscrowPaymentRow[]> {
  return db
    .select()
    .from(escrowPayments)
    .where(eq(escrowPayments.paymentId, paymentId))
    .orderBy(desc(escrowPayments.createdAt), desc(escrowPayments.id));
}

export async function listPendingProviderPayments(db: Db, limit: number): Promise<EscrowPaymentRow[]> {
  return db
    .select()
    .from(escrowPayments)
    .where(and(eq(escrowPayments.method, 'escrow_wire'), eq(escrowPayments.status, 'pending')))
    .orderBy(escrowPayments.createdAt)
    .limit(limit);
}

// --- reads of other modules' published read models ---

export async function listUnsettledRefunds(db: Db, limit: number): Promise<EscrowPaymentRow[]> {
  return db
    .select()
    .from(escrowPayments)
    .where(
      and(
        inArray(escrowPayments.status, ['refunded', 'released']),
        isNull(escrowPayments.settledAt),
        isNotNull(escrowPayments.paymentId),
      ),
    )
    .orderBy(escrowPayments.updatedAt)
    .limit(limit);
}

/** The contact email of the company a seller deals under (their oldest live company that has one). */
export async function findSellerContactEmail(db: Db, userId: string): Promise<string | undefined> {
  const companies = await db
    .select({ contactEmail: companyDirectory.contactEmail })
    .from(companyDirectory)
    .where(and(eq(companyDirectory.userId, userId), sql`${companyDirectory.removedAt} is null`))
    .orderBy(companyDirectory.createdAt);
  return companies.find((c) => c.contactEmail)?.contactEmail ?? undefined;
}
