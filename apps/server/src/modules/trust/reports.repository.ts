import type { ReportStatus } from '@app/shared/trust/trust-rules';
import { and, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { listingFacts } from '../listings/index.ts';
import { reports } from './trust.table.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;

export async function findListingFacts(db: Db, id: string) {
  const [row] = await db.select().from(listingFacts).where(eq(listingFacts.id, id));
  return row;
}

export async function findCompanyFacts(db: Db, id: string) {
  const [row] = await db.select().from(companyDirectory).where(eq(companyDirectory.id, id));
  return row;
}

/** Name, email and suspension of some users (a report's reporter and subject). */
export async function findPeople(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: userDirectory.id,
      name: userDirectory.name,
      email: userDirectory.email,
      suspendedAt: userDirectory.suspendedAt,
    })
    .from(userDirectory)
    .where(inArray(userDirectory.id, ids));
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: userDirectory.id }).from(userDirectory).where(eq(userDirectory.id, id));
  return Boolean(row);
}

/** Inserts a report; null when an open one of the same reporter and item (or group) already exists. */
export async function insertReport(db: Db, row: NewReportRow): Promise<ReportRow | null> {
  const [inserted] = await db.insert(reports).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function findReportForUpdate(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Reports a trader filed since a moment (the daily limit). */
export async function countReportsBySince(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, since)));
  return row?.n ?? 0;
}

const statusFilter = (status: 'open' | 'resolved' | 'all') =>
  status === 'open'
    ? eq(reports.status, 'open')
    : status === 'resolved'
      ? ne(reports.status, 'open')
      : undefined;

/** A page of the queue: open reports oldest first (work them in order), resolved ones newest first. */
export async function listReports(
  db: Db,
  status: 'open' | 'resolved' | 'all',
  page: number,
  pageSize: number,
) {
  const where = statusFilter(status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(
        ...(status === 'open'
          ? [reports.createdAt, reports.id]
          : [desc(reports.createdAt), desc(reports.id)]),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many open reports each of these items has. */
export async function countOpenReportsOf(db: Db, targets: { targetType: string; targetId: string }[]) {
  if (targets.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        inArray(reports.targetId, [...new Set(targets.map((t) => t.targetId))]),
      ),
    )
    .groupBy(reports.targetType, reports.targetId);
  return new Map(rows.map((r) => [`${r.targetType}:${r.targetId}`, r.n]));
}

/**
 * Resolves every open report of the item with one outcome (the administrator looked at the item, not
 * at one report of it); returns their ids.
 */
export async function resolveOpenReportsOf(
  db: Db,
  target: { targetType: ReportRow['targetType']; targetId: string },
  outcome: {
    status: Exclude<ReportStatus, 'open'>;
    resolution: NonNullable<ReportRow['resolution']>;
    resolutionNote: string | null;
    resolvedByEmail: string;
    resolvedAt: Date;
  },
): Promise<string[]> {
  const rows = await db
    .update(reports)
    .set(outcome)
    .where(
      and(
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}

/** Resolves one report (a dismissal concerns that report only). */
export async function resolveReport(
  db: Db,
  id: string,
  outcome: Parameters<typeof resolveOpenReportsOf>[2],
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set(outcome)
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  return row;
}

export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
  return row?.n ?? 0;
}
