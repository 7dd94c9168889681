import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The double-entry books. A transaction is one movement of money; its entries are signed amounts in
 * integer cents (debit positive, credit negative) that sum to zero. Rows are never updated or deleted.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: text().primaryKey(),
    /** What happened: payment_received, refund, provider_fee, escrow_hold, escrow_release, commission... */
    kind: text().notNull(),
    description: text().notNull(),
    /** The record that caused it (payment, refund, deal), for tracing a movement back. */
    referenceType: text(),
    referenceId: text(),
    /**
     * The module that posted it: `escrow` for every movement of a deal's money, `payments` for the
     * platform's own sales (subscriptions, contact fees, featured listings) and its stray charges.
     */
    poster: text({ enum: ['escrow', 'payments'] }).notNull(),
    /** Makes posting retry-safe: a second post with the same key returns the first transaction. */
    idempotencyKey: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.referenceType, t.referenceId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial().primaryKey(),
    transactionId: text()
      .notNull()
      .references(() => ledgerTransactions.id),
    /** Account name: cash:provider, revenue:subscriptions, escrow:held:<dealId>, payable:seller:<userId>... */
    account: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('USD'),
  },
  (t) => [index().on(t.transactionId), index().on(t.account)],
);
