import {
  BULK_EMAIL_CAMPAIGN_STATUSES,
  BULK_EMAIL_TARGETS,
  BULK_EMAIL_TEMPLATES,
} from '@app/shared/admin/bulk-email.schemas';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export const UNSUBSCRIBE_SOURCES = ['link', 'one-click', 'settings'] as const;

/** One bulk email campaign: who sent which template to which audience, and how far delivery has got. */
export const bulkEmailCampaigns = pgTable(
  'bulk_email_campaigns',
  {
    id: text().primaryKey(),
    target: text({ enum: BULK_EMAIL_TARGETS }).notNull(),
    template: text({ enum: BULK_EMAIL_TEMPLATES }).notNull(),
    subject: text().notNull(),
    /** The custom content after sanitising; null for the preset, which is rendered from code. */
    htmlBody: text(),
    status: text({ enum: BULK_EMAIL_CAMPAIGN_STATUSES }).notNull().default('queued'),
    totalRecipients: integer().notNull(),
    sentCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    /** The earliest time the next batch may start: the send-rate bound, shared by every instance. */
    nextBatchAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.createdAt),
    // At most one campaign is queued or sending at a time, even when two admins press send together.
    uniqueIndex('bulk_email_campaigns_one_running')
      .on(sql`(true)`)
      .where(sql`status in ('queued', 'sending')`),
  ],
);

/** The audience snapshot taken when the campaign was created, with each recipient's delivery. */
export const bulkEmailRecipients = pgTable(
  'bulk_email_recipients',
  {
    campaignId: text()
      .notNull()
      .references(() => bulkEmailCampaigns.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** queued → sending (claimed by one batch) → sent | failed | skipped. */
    status: text({ enum: RECIPIENT_STATUSES }).notNull().default('queued'),
    error: text(),
    outboxId: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index().on(t.campaignId, t.status)],
);

/** Users who opted out of campaigns (account and deal emails still reach them). No row means subscribed. */
export const marketingUnsubscribes = pgTable('marketing_unsubscribes', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unsubscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  source: text({ enum: UNSUBSCRIBE_SOURCES }).notNull(),
});
