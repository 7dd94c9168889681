import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from '../accounts/accounts.table.ts';

/**
 * A browser with push on: its push service endpoint and the keys that encrypt for it. It belongs to
 * the session that registered it and is deleted with it (sign-out, an administrator, a password
 * change or reset, a suspension, expiry's cleanup): a signed-out browser hears nothing.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** Unique per browser profile: a second sign-in on the same browser takes the subscription over. */
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastDeliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Which kinds of push a user wants; no row means all of them. */
export const pushPreferences = pgTable('push_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean().notNull().default(true),
  deals: boolean().notNull().default(true),
  matches: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every push to a user with a device is written here first (in the transaction of the change it
 * reports, when there is one) and sent by the push sender, which reads the preferences, the devices
 * and the recipient's blocks at sending time.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['messages', 'deals', 'matches'] }).notNull(),
    payload: jsonb().$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
    /**
     * The party the push is about (the sender of a message, the other side of a deal): the sender skips
     * it when the recipient blocked them meanwhile. Null for news about nobody in particular (matches).
     */
    aboutUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /** 'queued' until sent to every device, or 'skipped' (turned off, no device, a block), or 'failed'. */
    status: text({ enum: ['queued', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`)],
);
