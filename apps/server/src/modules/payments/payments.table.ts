import {
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYMENT_TARGET_TYPES,
} from '@app/shared/payments/payments.schemas';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** The provider's customer record of a user (one per provider), created at the first checkout. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerCustomerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex().on(t.provider, t.providerCustomerId),
  ],
);

/**
 * Every payment a user makes: one-time payments (contact fee, featured listing, escrow funding,
 * commission) and each paid subscription invoice. Amounts are integer cents.
 */
export const payments = pgTable(
  'payments',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    purpose: text({ enum: PAYMENT_PURPOSES }).notNull(),
    targetType: text({ enum: PAYMENT_TARGET_TYPES }).notNull(),
    targetId: text().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    currency: text().notNull().default('USD'),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text().notNull(),
    providerCheckoutId: text(),
    checkoutUrl: text(),
    /** Stripe PaymentIntent id or sandbox charge id: what a refund is issued against. */
    providerPaymentRef: text(),
    /** Set for subscription payments: one payment per paid invoice. */
    providerInvoiceId: text().unique(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    /**
     * A short lease on opening this payment's checkout page: while it is held, one request at a time
     * expires the old page and opens the new one (a lease, not a row lock, because the provider call
     * must not run inside a transaction).
     */
    checkoutClaimId: text(),
    checkoutClaimedAt: timestamp({ withTimezone: true }),
    succeededAt: timestamp({ withTimezone: true }),
    /** When the owning domain's success handler ran (exactly once, in the transaction that set it). */
    fulfilledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.providerCheckoutId),
    index().on(t.providerPaymentRef),
    // Idempotent creation: one open or paid payment per payer, purpose and target.
    uniqueIndex('payments_one_live_per_target')
      .on(t.userId, t.purpose, t.targetType, t.targetId)
      .where(sql`${t.status} in ('pending', 'succeeded') and ${t.purpose} <> 'subscription'`),
  ],
);

export const CHECKOUT_STATUSES = ['open', 'superseded', 'booked', 'stray', 'refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * Every checkout page opened for a payment. Exactly one page can book a payment: the payment's current
 * page, paid in full. A charge on any other page (superseded by a new method or price, expired, paid
 * twice) is `stray`: booked into suspense and refunded automatically, then `refunded`.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => payments.id),
    provider: text().notNull(),
    providerCheckoutId: text().notNull(),
    amountCents: integer().notNull(),
    status: text({ enum: CHECKOUT_STATUSES }).notNull().default('open'),
    /** The provider's charge of this page, once paid. */
    providerPaymentRef: text(),
    paidCents: integer(),
    /** Why the last refund attempt of a stray charge failed (retried by the payments job). */
    refundError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.provider, t.providerCheckoutId),
    index().on(t.paymentId),
    index().on(t.provider, t.providerPaymentRef),
    index('payment_checkouts_stray_idx').on(t.updatedAt).where(sql`${t.status} = 'stray'`),
  ],
);

/** Refunds seen at the provider, one row per provider refund, so each is booked once. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => payments.id),
    provider: text().notNull(),
    providerRefundId: text().notNull(),
    amountCents: integer().notNull(),
    /** Set when the refund returned a stray charge of this checkout page, not the payment itself. */
    checkoutId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.provider, t.providerRefundId), index().on(t.paymentId)],
);

/** Every webhook event received, by provider event id: the record that makes processing once-only. */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    objectId: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.objectId)],
);
