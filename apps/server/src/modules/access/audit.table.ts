import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per administrative action: who did what to which record, and when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text().primaryKey(),
    actorUserId: text(),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt.desc())],
);
