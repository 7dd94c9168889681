import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * Messages sent through the contact form. Stored before any email is attempted, so a mail failure never
 * loses one; emailed_at is set once the email to the support address is in the outbox.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text().primaryKey(),
    /** The signed-in sender; kept (as null) if the account is deleted later. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    company: text(),
    subject: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);
