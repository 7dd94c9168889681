import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * The specification's subscribers, one row per provider subscription, mirrored from the provider on
 * every webhook (never edited by hand). `subscribed` is as of the last sync; reads re-apply the
 * period-end rule of @app/shared/billing/entitlements, so a lost webhook cannot keep premium on.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscribed: boolean().notNull(),
    /** premium while subscribed, otherwise null (the specification's subscription_tier). */
    tier: text(),
    /** The provider's status: active, trialing, past_due, canceled, incomplete, unpaid... */
    status: text().notNull(),
    provider: text().notNull(),
    providerCustomerId: text().notNull(),
    providerSubscriptionId: text().notNull(),
    priceCents: integer(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.provider, t.providerSubscriptionId), index().on(t.userId, t.createdAt)],
);

/**
 * Every refund of a Premium payment: the 7-day money-back guarantee is granted once per customer and
 * per company, so each row keeps who it went to as identity keys (`user:<id>`, `email:<address>`,
 * `domain:<company domain>`, `company:<normalised name>`) taken when it was granted. No foreign key on
 * purpose: deleting the subscription, the company or the account must not make the guarantee new again.
 */
export const premiumRefunds = pgTable(
  'premium_refunds',
  {
    id: text().primaryKey(),
    /** One row per refunded payment, however many partial refunds it took. */
    paymentId: text().notNull().unique(),
    provider: text().notNull(),
    providerSubscriptionId: text().notNull(),
    userId: text().notNull(),
    identities: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().using('gin', t.identities)],
);

/**
 * Premium checkout pages a user opened: the refund route and Refresh read a page paid a moment ago
 * from the provider, so Premium never waits for the webhook. `settledAt` is set once the page is paid
 * and synced, or has expired.
 */
export const premiumCheckouts = pgTable(
  'premium_checkouts',
  {
    providerCheckoutId: text().primaryKey(),
    provider: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);
