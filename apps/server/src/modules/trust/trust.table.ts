import { REPORT_STATUSES, REPORT_TARGET_TYPES } from '@app/shared/trust/trust-rules';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * A report of a listing, company, message or review: filed by a trader, or by the platform itself
 * (`reporter_id` null: a message with fraud signals, a company blocked by many verified traders).
 * `group_key` keeps one open system report per subject (a conversation, a company).
 */
export const reports = pgTable(
  'reports',
  {
    id: text().primaryKey(),
    targetType: text({ enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text().notNull(),
    /** Whom the report is about (the item's owner when filed); warnings and suspensions go to them. */
    subjectUserId: text().references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    note: text(),
    reporterId: text().references(() => users.id, { onDelete: 'set null' }),
    /** What the platform found (signals, the conversation, how many blocked); {} for a trader's report. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    groupKey: text(),
    status: text({ enum: REPORT_STATUSES }).notNull().default('open'),
    resolution: text({ enum: ['dismissed', 'hidden', 'warned', 'suspended'] }),
    resolutionNote: text(),
    resolvedByEmail: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_queue_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    // A trader reports an item once while that report is open.
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is not null`),
    uniqueIndex('reports_open_group_idx')
      .on(t.groupKey)
      .where(sql`${t.status} = 'open' and ${t.groupKey} is not null`),
  ],
);
