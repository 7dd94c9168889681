import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The sandbox payment provider's own records, standing in for the objects Stripe keeps on its side.
// Only the sandbox provider reads or writes these tables; the app sees them through PaymentProvider.

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text().primaryKey(),
  email: text().notNull(),
  name: text().notNull(),
  /** The saved payment method used for renewals: card or klarna. */
  paymentMethod: text({ enum: ['card', 'klarna'] }),
  cardLast4: text(),
  /** Whether the saved card succeeds or is declined when charged (test cards decide). */
  cardDeclines: boolean().notNull().default(false),
  metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text().primaryKey(),
  mode: text({ enum: ['subscription', 'payment'] }).notNull(),
  status: text({ enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text({ enum: ['paid', 'unpaid'] })
    .notNull()
    .default('unpaid'),
  customerId: text()
    .notNull()
    .references(() => sandboxCustomers.id),
  productName: text().notNull(),
  amountCents: integer().notNull(),
  currency: text().notNull().default('USD'),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
  subscriptionId: text(),
  chargeId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  completedAt: timestamp({ withTimezone: true }),
  /** The page belongs to the first browser that opened it (lib/bearer-link.ts): the hash of its key. */
  browserKeyHash: text(),
});

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => sandboxCustomers.id),
    status: text({ enum: ['active', 'past_due', 'canceled'] }).notNull(),
    productName: text().notNull(),
    priceCents: integer().notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    canceledAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId), index().on(t.status, t.currentPeriodEnd)],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => sandboxCustomers.id),
    amountCents: integer().notNull(),
    amountRefundedCents: integer().notNull().default(0),
    status: text({ enum: ['succeeded', 'failed'] }).notNull(),
    paymentMethod: text({ enum: ['card', 'klarna'] }).notNull(),
    cardLast4: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId)],
);

export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => sandboxCustomers.id),
    subscriptionId: text()
      .notNull()
      .references(() => sandboxSubscriptions.id),
    status: text({ enum: ['open', 'paid', 'void'] }).notNull(),
    billingReason: text({ enum: ['subscription_create', 'subscription_cycle'] }).notNull(),
    amountCents: integer().notNull(),
    chargeId: text(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.subscriptionId)],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text().primaryKey(),
  chargeId: text()
    .notNull()
    .references(() => sandboxCharges.id),
  amountCents: integer().notNull(),
  idempotencyKey: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: text().primaryKey(),
  customerId: text()
    .notNull()
    .references(() => sandboxCustomers.id),
  returnUrl: text().notNull(),
  /** The app's money-back window: "cancel now with a refund" is offered until then. */
  refundableUntil: timestamp({ withTimezone: true }),
  /** The portal belongs to the first browser that opened it (lib/bearer-link.ts): the hash of its key. */
  browserKeyHash: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Webhook events the sandbox emits, kept as an outbox and delivered to the app's webhook URL by a job. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text().primaryKey(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.deliveredAt, t.createdAt)],
);
