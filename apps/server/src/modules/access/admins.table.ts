import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** The admin record of the specification: one row per administrator. */
export const admins = pgTable('admins', {
  id: text().primaryKey(),
  userId: text()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  role: text({ enum: ['admin', 'owner'] })
    .notNull()
    .default('admin'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
