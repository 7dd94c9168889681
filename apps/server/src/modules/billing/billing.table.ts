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
