import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in escrow sandbox's own books: the transactions it holds, as a third-party escrow
 * service would. Amounts are integer cents.
 */
export const sandboxEscrowTransactions = pgTable(
  'sandbox_escrow_transactions',
  {
    id: text().primaryKey(),
    dealId: text().notNull(),
    buyerEmail: text().notNull(),
    sellerEmail: text().notNull(),
    itemDescription: text().notNull(),
    dealValueCents: integer().notNull(),
    commissionCents: integer().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    status: text({ enum: ['awaiting_payment', 'funded', 'released', 'refunded', 'cancelled'] })
      .notNull()
      .default('awaiting_payment'),
    /** Created by the integration test: may be released without funding. */
    testMode: boolean().notNull().default(false),
    fundedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.dealId), index().on(t.status)],
);
