import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The ways a buyer can fund escrow. The fee is stored in basis points (290 = 2.9%) so that money
 * arithmetic stays in integers; the API shows it as the specification's percentage (bps / 100).
 */
export const paymentMethods = pgTable('payment_methods', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** card, klarna, escrow_wire, wire, or a type an administrator adds later; one method per type. */
  type: text().notNull().unique(),
  description: text().notNull().default(''),
  processingFeeBps: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
