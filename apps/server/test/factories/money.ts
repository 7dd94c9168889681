import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Database, rawQuery } from '../../src/db/client.ts';

/** Runs `work` n times at once and keeps every outcome (the race helper of the money tests). */
export function race<T>(n: number, work: (i: number) => Promise<T>) {
  return Promise.allSettled(Array.from({ length: n }, (_, i) => Promise.resolve().then(() => work(i))));
}

/** What the sandbox provider itself charged and refunded: its own records, not ours. */
export async function providerTotals(database: Database) {
  const [row] = await rawQuery<{ charged: string | null; refunded: string | null }>(
    database,
    `select (select sum(amount_cents) from sandbox_charges where status = 'succeeded') as charged,
            (select sum(amount_cents) from sandbox_refunds) as refunded`,
  );
  return { chargedCents: Number(row.charged ?? 0), refundedCents: Number(row.refunded ?? 0) };
}

/** Debits (money in) and credits (money out) of the provider's cash account in our ledger. */
export async function ledgerCash(database: Database) {
  const [row] = await rawQuery<{ booked: string | null; refunded: string | null }>(
    database,
    `select sum(amount_cents) filter (where amount_cents > 0) as booked,
            -sum(amount_cents) filter (where amount_cents < 0) as refunded
       from ledger_entries where account = 'cash:provider'`,
  );
  return { bookedCents: Number(row.booked ?? 0), refundedCents: Number(row.refunded ?? 0) };
}

/**
 * The money invariant: what the provider charged equals what the ledger booked, what it refunded
 * equals what the ledger refunded, nothing is left in suspense, and the books balance.
 */
export async function expectMoneyReconciled(app: FastifyInstance, database: Database) {
  const provider = await providerTotals(database);
  const ledger = await ledgerCash(database);
  expect({ charged: provider.chargedCents, refunded: provider.refundedCents }).toEqual({
    charged: ledger.bookedCents,
    refunded: ledger.refundedCents,
  });
  expect(await app.services.ledger.getBalance('suspense:payments')).toBe(0);
  expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
}
