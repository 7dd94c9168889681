import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentMethods } from './payment-methods.table.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethodRow = typeof paymentMethods.$inferInsert;

export async function listPaymentMethodRows(db: Db, opts: { enabledOnly?: boolean } = {}) {
  const query = db.select().from(paymentMethods);
  const filtered = opts.enabledOnly ? query.where(eq(paymentMethods.enabled, true)) : query;
  return filtered.orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

export async function findPaymentMethodById(db: Db, id: string) {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function findPaymentMethodByType(db: Db, type: string) {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.type, type));
  return row;
}

/** Inserts the methods whose type has no row yet; existing rows (and admin edits) are kept. */
export async function insertMissingPaymentMethods(db: Db, rows: NewPaymentMethodRow[]) {
  if (rows.length === 0) return;
  await db.insert(paymentMethods).values(rows).onConflictDoNothing({ target: paymentMethods.type });
}

export async function updatePaymentMethodRow(
  db: Db,
  id: string,
  patch: Partial<Pick<PaymentMethodRow, 'name' | 'description' | 'processingFeeBps' | 'enabled'>>,
) {
  const [row] = await db.update(paymentMethods).set(patch).where(eq(paymentMethods.id, id)).returning();
  return row;
}
