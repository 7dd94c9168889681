import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { wireTransfers } from './wire-transfers.table.ts';

export type WireTransferRow = typeof wireTransfers.$inferSelect;
export type NewWireTransferRow = typeof wireTransfers.$inferInsert;
export type WireTransferWithUser = WireTransferRow & { userEmail: string | null };

/** Inserts unless the reference (or a pending wire for the same deal and amount) exists; undefined then. */
export async function insertWireTransfer(db: Db, row: NewWireTransferRow) {
  const [created] = await db.insert(wireTransfers).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findWireTransferById(db: Db, id: string) {
  const [row] = await db.select().from(wireTransfers).where(eq(wireTransfers.id, id));
  return row;
}

export async function findWireTransfersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(wireTransfers).where(inArray(wireTransfers.id, ids));
}

export async function findWireTransferForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(wireTransfers).where(eq(wireTransfers.id, id)).for('update');
  return row;
}

export async function findPendingWireTransfer(
  db: Db,
  where: { paymentType: string; relatedId: string; amountCents: number },
) {
  const [row] = await db
    .select()
    .from(wireTransfers)
    .where(
      and(
        eq(wireTransfers.paymentType, where.paymentType),
        eq(wireTransfers.relatedId, where.relatedId),
        eq(wireTransfers.amountCents, where.amountCents),
        eq(wireTransfers.status, 'pending'),
      ),
    );
  return row;
}

export async function updateWireTransfer(db: Db, id: string, patch: Partial<NewWireTransferRow>) {
  const [row] = await db.update(wireTransfers).set(patch).where(eq(wireTransfers.id, id)).returning();
  return row;
}

const withUser = { wire: wireTransfers, userEmail: userDirectory.email };

/** Newest first, with the payer's email; optionally one user's or one status. */
export async function listWireTransfers(
  db: Db,
  filter: { userId?: string; status?: WireTransferRow['status'] } = {},
): Promise<WireTransferWithUser[]> {
  const conditions = [
    filter.userId ? eq(wireTransfers.userId, filter.userId) : undefined,
    filter.status ? eq(wireTransfers.status, filter.status) : undefined,
  ].filter(Boolean);
  const rows = await db
    .select(withUser)
    .from(wireTransfers)
    .leftJoin(userDirectory, eq(userDirectory.id, wireTransfers.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(wireTransfers.createdAt), desc(wireTransfers.id));
  return rows.map((r) => ({ ...r.wire, userEmail: r.userEmail }));
}

export async function findWireTransferWithUser(
  db: Db,
  id: string,
): Promise<WireTransferWithUser | undefined> {
  const [r] = await db
    .select(withUser)
    .from(wireTransfers)
    .leftJoin(userDirectory, eq(userDirectory.id, wireTransfers.userId))
    .where(eq(wireTransfers.id, id));
  return r ? { ...r.wire, userEmail: r.userEmail } : undefined;
}

/** Wires an administrator still has to verify: announced (pending) or marked received. */
export async function countAwaitingVerification(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wireTransfers)
    .where(inArray(wireTransfers.status, ['pending', 'received']));
  return row?.n ?? 0;
}
