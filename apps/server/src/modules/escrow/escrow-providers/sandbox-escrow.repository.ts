import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxEscrowTransactions } from './sandbox-escrow.table.ts';

export type SandboxEscrowRow = typeof sandboxEscrowTransactions.$inferSelect;
export type NewSandboxEscrowRow = typeof sandboxEscrowTransactions.$inferInsert;

export async function insertSandboxEscrow(db: Db, row: NewSandboxEscrowRow) {
  const [created] = await db.insert(sandboxEscrowTransactions).values(row).returning();
  return created as SandboxEscrowRow;
}

export async function findSandboxEscrow(db: Db, id: string) {
  const [row] = await db.select().from(sandboxEscrowTransactions).where(eq(sandboxEscrowTransactions.id, id));
  return row;
}

export async function findSandboxEscrowForUpdate(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sandboxEscrowTransactions)
    .where(eq(sandboxEscrowTransactions.id, id))
    .for('update');
  return row;
}

export async function updateSandboxEscrow(db: Db, id: string, patch: Partial<NewSandboxEscrowRow>) {
  const [row] = await db
    .update(sandboxEscrowTransactions)
    .set(patch)
    .where(eq(sandboxEscrowTransactions.id, id))
    .returning();
  return row as SandboxEscrowRow;
}
