import { OPEN_CLAIM_STATUSES } from '@app/shared/deals/claim-rules';
import { and, asc, count, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dealClaimEvents, dealClaims } from './deal-claims.table.ts';

export type ClaimRow = typeof dealClaims.$inferSelect;
export type NewClaimRow = typeof dealClaims.$inferInsert;
export type ClaimStepRow = typeof dealClaimEvents.$inferSelect;
export type NewClaimStepRow = typeof dealClaimEvents.$inferInsert;

export async function insertClaim(db: Db, row: NewClaimRow): Promise<ClaimRow> {
  const [created] = await db.insert(dealClaims).values(row).returning();
  if (!created) throw new Error('Claim insert returned no row');
  return created;
}

export async function findClaim(db: Db, id: string): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(dealClaims).where(eq(dealClaims.id, id));
  return row;
}

/** A claim's write: only while it still has the status its step was checked against. */
export async function updateClaimIfStatus(
  db: Db,
  id: string,
  from: ClaimRow['status'],
  values: Partial<NewClaimRow>,
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .update(dealClaims)
    .set(values)
    .where(and(eq(dealClaims.id, id), eq(dealClaims.status, from)))
    .returning();
  return row;
}

export async function insertClaimStep(db: Db, row: NewClaimStepRow): Promise<void> {
  await db.insert(dealClaimEvents).values(row);
}

/** A deal's claims, newest first. */
export async function listClaimsOfDeal(db: Db, dealId: string): Promise<ClaimRow[]> {
  return db.select().from(dealClaims).where(eq(dealClaims.dealId, dealId)).orderBy(desc(dealClaims.openedAt));
}

/** The timelines of some claims, in the order their steps were written. */
export async function listClaimSteps(db: Db, claimIds: string[]): Promise<ClaimStepRow[]> {
  if (claimIds.length === 0) return [];
  return db
    .select()
    .from(dealClaimEvents)
    .where(inArray(dealClaimEvents.claimId, claimIds))
    .orderBy(asc(dealClaimEvents.position));
}

/** Claims an administrator decides: escalated, or left unanswered past the seller's window. */
const awaitingDecision = (now: Date) =>
  or(
    eq(dealClaims.status, 'escalated'),
    and(eq(dealClaims.status, 'awaiting_seller'), lte(dealClaims.answerDueAt, now)),
  );

export async function listClaimsAwaitingDecision(
  db: Db,
  now: Date,
  page: { limit: number; offset: number },
): Promise<ClaimRow[]> {
  return db
    .select()
    .from(dealClaims)
    .where(awaitingDecision(now))
    .orderBy(asc(dealClaims.openedAt), asc(dealClaims.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every claim, newest first (the administrators' history). */
export async function listAllClaims(db: Db, page: { limit: number; offset: number }): Promise<ClaimRow[]> {
  return db
    .select()
    .from(dealClaims)
    .orderBy(desc(dealClaims.openedAt), desc(dealClaims.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAllClaims(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dealClaims);
  return row?.n ?? 0;
}

/** Open claims the seller left unanswered past their window: the timed job escalates them. */
export async function listUnansweredPastDue(db: Db, now: Date, limit: number): Promise<ClaimRow[]> {
  return db
    .select()
    .from(dealClaims)
    .where(and(eq(dealClaims.status, 'awaiting_seller'), lte(dealClaims.answerDueAt, now)))
    .orderBy(asc(dealClaims.answerDueAt))
    .limit(limit);
}

/** How many claims wait for an administrator (the admin dashboard): one count, no rows read. */
export async function countClaimsAwaitingDecision(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dealClaims).where(awaitingDecision(now));
  return row?.n ?? 0;
}

export const isOpenClaim = (row: Pick<ClaimRow, 'status'>) =>
  (OPEN_CLAIM_STATUSES as readonly string[]).includes(row.status);

/** Each deal's newest claim (deals without a claim are absent): the deal view's brief. */
export async function findLatestClaimsOfDeals(db: Db, dealIds: string[]): Promise<ClaimRow[]> {
  if (dealIds.length === 0) return [];
  return db
    .selectDistinctOn([dealClaims.dealId])
    .from(dealClaims)
    .where(inArray(dealClaims.dealId, dealIds))
    .orderBy(dealClaims.dealId, desc(dealClaims.openedAt));
}
