import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** In-app notifications (the bell): one row per user and event, read or not. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A NotificationKind of @app/shared/market/matching.schemas. */
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_notifications_user_created_idx').on(t.userId, t.createdAt),
    index('user_notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);
