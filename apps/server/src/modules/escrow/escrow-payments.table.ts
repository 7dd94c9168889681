import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { deals } from '../deals/deals.table.ts';

export const ESCROW_PAYMENT_STATUSES = [
  'pending',
  'held',
  'released',
  'refunded',
  'failed',
  'cancelled',
] as const;

/**
 * One funding attempt of a deal's escrow (spec: `escrow_payments`, looked up by deal_id): the route
 * (card, klarna, escrow_wire, wire), what it charges, and where the money is.
 */
export const escrowPayments = pgTable(
  'escrow_payments',
  {
    id: text().primaryKey(),
    dealId: text()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    status: text({ enum: ESCROW_PAYMENT_STATUSES }).notNull().default('pending'),
    amountCents: integer().notNull(),
    dealValueCents: integer().notNull(),
    commissionCents: integer().notNull().default(0),
    feeCents: integer().notNull().default(0),
    /** The payments module's payment (card, klarna). */
    paymentId: text(),
    /** The wire_transfers row (plain wire). */
    wireTransferId: text(),
    /** The escrow provider's transaction (escrow wire). */
    providerTransactionId: text(),
    /** Our wire reference or the provider's transaction id, as the buyer sees it. */
    reference: text(),
    escrowUrl: text(),
    heldAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    /**
     * What the payment provider still has to give back to the buyer when it is part of the charge (a
     * claim's settlement); null: whatever the charge has left (a refund).
     */
    refundDueCents: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('escrow_payments_deal_idx').on(t.dealId, t.createdAt.desc()),
    index('escrow_payments_provider_tx_idx').on(t.providerTransactionId),
    index('escrow_payments_pending_idx').on(t.method, t.createdAt).where(sql`status = 'pending'`),
  ],
);
