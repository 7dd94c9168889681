import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every email the product sends is written here first (in the transaction of the change it reports,
 * when there is one), then delivered by the outbox sender with retries.
 */
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
    /**
     * 'queued': waiting for its next attempt (at `nextAttemptAt`); 'sending': claimed by a sender until
     * `claimedUntil`; 'failed': every attempt of the retry window failed (an administrator may resend);
     * 'skipped': a notification written while notification emails were switched off; never sent.
     */
    status: text({ enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When a queued email is due: now for new mail, later for a retry (exponential backoff). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The claim of a 'sending' row ends here: a sender that died mid-batch leaves it to another. */
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.toAddress, t.createdAt),
    index().on(t.status),
    // The sender's claim: due queued mail, new mail (no attempt yet) first.
    index('email_outbox_due_idx').on(t.attempts, t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);
