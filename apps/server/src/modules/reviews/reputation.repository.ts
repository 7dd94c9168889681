import type { ReputationSummary, VerificationLevel } from '@app/shared/reviews/reputation';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { dealOutcomes } from '../deals/index.ts';
import { concludedAtSql } from './reviews.repository.ts';
import { dealReviews, userReputations } from './reviews.table.ts';

export type ReputationRow = typeof userReputations.$inferSelect;
export type NewReputationRow = typeof userReputations.$inferInsert;

/** What the database says of each user, but the median response time (messaging's read). */
export type ComputedRecord = {
  userId: string;
  memberSince: Date;
  emailConfirmed: boolean;
  companyVerified: boolean;
  reviewCount: number;
  asAgreed: number;
  communication: number;
  timeliness: number;
  completedDeals: number;
  tonnes: number;
  lost: number;
  lostRecent: number;
};

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Reads every input of the users' reputations in one statement: their published, visible reviews;
 * their concluded deals (either side), tonnes delivered and the claims they lost as sellers; when they
 * joined, whether their email is confirmed and whether they own a verified company.
 */
export async function computeRecords(db: Db, userIds: string[], now: Date): Promise<ComputedRecord[]> {
  if (userIds.length === 0) return [];
  const ids = idList(userIds);
  const nowIso = now.toISOString();
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  const result = (await db.execute(sql`
    with wanted as (select unnest(array[${ids}]::text[]) as user_id),
    reviews as (
      select subject_user_id as user_id, count(*)::int as n,
        coalesce(sum(stars_as_agreed), 0)::int as as_agreed,
        coalesce(sum(stars_communication), 0)::int as communication,
        coalesce(sum(stars_timeliness), 0)::int as timeliness
      from ${dealReviews}
      where subject_user_id in (select user_id from wanted)
        and published_at <= ${nowIso}::timestamptz and hidden_at is null
      group by subject_user_id
    ),
    concluded as (
      select ${dealOutcomes.buyerUserId} as buyer, ${dealOutcomes.sellerUserId} as seller,
        ${dealOutcomes.deliveredTonnes} as tonnes, ${dealOutcomes.claimLostBySeller} as lost,
        ${dealOutcomes.claimSettledAt} as claim_at
      from ${dealOutcomes}
      where (${dealOutcomes.buyerUserId} in (select user_id from wanted)
          or ${dealOutcomes.sellerUserId} in (select user_id from wanted))
        and ${concludedAtSql} <= ${nowIso}::timestamptz
    ),
    deals as (
      select p.user_id, count(*)::int as n, coalesce(sum(c.tonnes), 0)::float8 as tonnes,
        (count(*) filter (where c.lost and c.seller = p.user_id))::int as lost,
        (count(*) filter (where c.lost and c.seller = p.user_id and c.claim_at > ${yearAgo}::timestamptz))::int as lost_recent
      from concluded c cross join lateral (values (c.buyer), (c.seller)) as p(user_id)
      where p.user_id in (select user_id from wanted)
      group by p.user_id
    )
    select u.id as user_id, u.created_at as member_since, u.email_verified as email_confirmed,
      exists (select 1 from ${companyDirectory} cd where cd.user_id = u.id and cd.verified and cd.removed_at is null)
        as company_verified,
      coalesce(r.n, 0) as review_count, coalesce(r.as_agreed, 0) as as_agreed,
      coalesce(r.communication, 0) as communication, coalesce(r.timeliness, 0) as timeliness,
      coalesce(d.n, 0) as completed_deals, coalesce(d.tonnes, 0) as tonnes,
      coalesce(d.lost, 0) as lost, coalesce(d.lost_recent, 0) as lost_recent
    from ${userDirectory} u
    left join reviews r on r.user_id = u.id
    left join deals d on d.user_id = u.id
    where u.id in (select user_id from wanted)
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    userId: String(r.user_id),
    memberSince: new Date(r.member_since as string),
    emailConfirmed: Boolean(r.email_confirmed),
    companyVerified: Boolean(r.company_verified),
    reviewCount: Number(r.review_count),
    asAgreed: Number(r.as_agreed),
    communication: Number(r.communication),
    timeliness: Number(r.timeliness),
    completedDeals: Number(r.completed_deals),
    tonnes: Number(r.tonnes),
    lost: Number(r.lost),
    lostRecent: Number(r.lost_recent),
  }));
}

export async function upsertReputations(db: Db, rows: NewReputationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(userReputations)
    .values(rows)
    .onConflictDoUpdate({
      target: userReputations.userId,
      set: {
        reviewCount: sql`excluded.review_count`,
        starsAsAgreedSum: sql`excluded.stars_as_agreed_sum`,
        starsCommunicationSum: sql`excluded.stars_communication_sum`,
        starsTimelinessSum: sql`excluded.stars_timeliness_sum`,
        completedDeals: sql`excluded.completed_deals`,
        tonnesTraded: sql`excluded.tonnes_traded`,
        claimsLost: sql`excluded.claims_lost`,
        claimsLostLast12Months: sql`excluded.claims_lost_last_12_months`,
        medianResponseSeconds: sql`excluded.median_response_seconds`,
        memberSince: sql`excluded.member_since`,
        emailConfirmed: sql`excluded.email_confirmed`,
        companyVerified: sql`excluded.company_verified`,
        level: sql`excluded.level`,
        computedAt: sql`excluded.computed_at`,
      },
    });
}

export async function findReputations(db: Db, userIds: string[]): Promise<ReputationRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(userReputations).where(inArray(userReputations.userId, userIds));
}

/**
 * Users whose stored reputation may be out of date, for the sweep: no row yet; an email confirmation
 * or a company verification that changed since; a lost claim that may have left the 12-month window
 * (rechecked daily); or a deal of theirs that concluded after their row was computed.
 */
export async function findStaleUserIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const nowIso = now.toISOString();
  const result = (await db.execute(sql`
    select u.id as user_id from ${userDirectory} u
    left join ${userReputations} r on r.user_id = u.id
    where r.user_id is null
      or r.email_confirmed <> u.email_verified
      or r.company_verified <> exists (select 1 from ${companyDirectory} cd
           where cd.user_id = u.id and cd.verified and cd.removed_at is null)
      or (r.claims_lost_last_12_months > 0 and r.computed_at < ${dayAgo}::timestamptz)
    union
    select p.user_id from ${dealOutcomes}
    cross join lateral (values (${dealOutcomes.buyerUserId}), (${dealOutcomes.sellerUserId})) as p(user_id)
    join ${userReputations} r on r.user_id = p.user_id
    where ${concludedAtSql} > r.computed_at and ${concludedAtSql} <= ${nowIso}::timestamptz
    limit ${limit}
  `)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((r) => r.user_id);
}

/**
 * A user's compact reputation as SQL over their id, for a query that already reads them (the
 * marketplace search's page query: one more index lookup per row, in the same statement). Null for a
 * user the read model has no row for yet.
 */
export function reputationSummarySql(userId: AnyPgColumn | SQL): SQL<unknown> {
  return sql`(select json_build_array(r.review_count, r.stars_as_agreed_sum + r.stars_communication_sum + r.stars_timeliness_sum, r.completed_deals, r.level) from ${userReputations} r where r.user_id = ${userId})`;
}

/** The compact figures from `reputationSummarySql`'s value (json from either driver, or text). */
export function parseReputationSummary(value: unknown): ReputationSummary | null {
  if (value === null || value === undefined) return null;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as [number, number, number, number];
  const [reviewCount, stars, completedDeals, level] = parsed.map(Number);
  return {
    averageRating: reviewCount > 0 ? Math.round((stars / (reviewCount * 3)) * 100) / 100 : null,
    reviewCount,
    completedDeals,
    level: level as VerificationLevel,
  };
}

/** Visible companies (not removed): whose they are and whether they are verified. */
export async function findVisibleCompanies(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ id: companyDirectory.id, userId: companyDirectory.userId, verified: companyDirectory.verified })
    .from(companyDirectory)
    .where(and(inArray(companyDirectory.id, companyIds), isNull(companyDirectory.removedAt)));
}

/** The stored compact figures of the users that have a row (a batch read for pages of cards). */
export async function readReputationSummaries(
  db: Db,
  userIds: string[],
): Promise<Map<string, ReputationSummary>> {
  const result = new Map<string, ReputationSummary>();
  if (userIds.length === 0) return result;
  // The figures straight from the row: `reputationSummarySql` is for queries over another table (its
  // subquery would read an unqualified outer `user_id` as its own).
  const rows = await db
    .select({
      userId: userReputations.userId,
      summary: sql<unknown>`json_build_array(${userReputations.reviewCount}, ${userReputations.starsAsAgreedSum} + ${userReputations.starsCommunicationSum} + ${userReputations.starsTimelinessSum}, ${userReputations.completedDeals}, ${userReputations.level})`,
    })
    .from(userReputations)
    .where(inArray(userReputations.userId, userIds));
  for (const row of rows) {
    const summary = parseReputationSummary(row.summary);
    if (summary) result.set(row.userId, summary);
  }
  return result;
}
