import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every email the product sends is written here first, then delivered by a job with retries. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text().primaryKey(),
    toAddress: text().notNull(),
    /** Where replies go when not the sender (the contact form sets the visitor's address). */
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** What the email is for (email-verification, password-reset, ...); lets tests and admins filter. */
    kind: text().notNull(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** 'skipped': a notification written while notification emails were switched off; never sent. */
    status: text({ enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.toAddress, t.createdAt), index().on(t.status)],
);
