import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from './ledger.table.ts';

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

export async function findTransactionByKey(db: Db, key: string): Promise<LedgerTransactionRow | undefined> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  return row;
}

/** Inserts the transaction unless its idempotency key exists; undefined means it was already posted. */
export async function insertTransaction(
  db: Db,
  row: typeof ledgerTransactions.$inferInsert,
): Promise<LedgerTransactionRow | undefined> {
  const [created] = await db.insert(ledgerTransactions).values(row).onConflictDoNothing().returning();
  return created;
}

export async function insertEntries(db: Db, rows: Array<typeof ledgerEntries.$inferInsert>): Promise<void> {
  await db.insert(ledgerEntries).values(rows);
}

export async function listEntries(db: Db, transactionIds: string[]): Promise<LedgerEntryRow[]> {
  if (transactionIds.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.transactionId, transactionIds))
    .orderBy(asc(ledgerEntries.id));
}

export async function listTransactionsByReference(
  db: Db,
  referenceType: string,
  referenceIds: string | string[],
): Promise<LedgerTransactionRow[]> {
  const ids = typeof referenceIds === 'string' ? [referenceIds] : referenceIds;
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.referenceType, referenceType), inArray(ledgerTransactions.referenceId, ids)),
    )
    .orderBy(asc(ledgerTransactions.createdAt));
}

/** Balance of every account (sum of its entries), or of the accounts given. */
export async function sumByAccount(
  db: Db,
  accounts?: string[],
): Promise<Array<{ account: string; balance: number }>> {
  const rows = await db
    .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(accounts ? inArray(ledgerEntries.account, accounts) : undefined)
    .groupBy(ledgerEntries.account)
    .orderBy(asc(ledgerEntries.account));
  return rows.map((r) => ({ account: r.account, balance: Number(r.balance) }));
}

/** Which of these idempotency keys have been posted. */
export async function findPostedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.idempotencyKey, keys));
  return new Set(rows.map((r) => r.key).filter((k): k is string => k !== null));
}

/** Balance of every account whose name starts with `prefix` and has entries. */
export async function sumByAccountPrefix(
  db: Db,
  prefix: string,
): Promise<Array<{ account: string; balance: number }>> {
  const rows = await db
    .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(sql`substr(${ledgerEntries.account}, 1, ${prefix.length}) = ${prefix}`)
    .groupBy(ledgerEntries.account);
  return rows.map((r) => ({ account: r.account, balance: Number(r.balance) }));
}

/** Credits (negative entries) to one account by transactions posted in [from, toExclusive), oldest first. */
export async function listCredits(
  db: Db,
  account: string,
  from: Date,
  toExclusive: Date,
): Promise<
  Array<{ referenceType: string | null; referenceId: string | null; createdAt: Date; amountCents: number }>
> {
  const rows = await db
    .select({
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
      createdAt: ledgerTransactions.createdAt,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.account, account),
        lt(ledgerEntries.amountCents, 0),
        gte(ledgerTransactions.createdAt, from),
        lt(ledgerTransactions.createdAt, toExclusive),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.referenceId));
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

/** Transactions whose entries do not sum to zero: always empty when the books are sound. */
export async function findUnbalancedTransactions(
  db: Db,
): Promise<Array<{ transactionId: string; sum: number }>> {
  const rows = await db
    .select({
      transactionId: ledgerEntries.transactionId,
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(ne(sql`sum(${ledgerEntries.amountCents})`, 0));
  return rows.map((r) => ({ transactionId: r.transactionId, sum: Number(r.sum) }));
}

export async function countTransactions(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
  return row?.n ?? 0;
}
