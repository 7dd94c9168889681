import {
  emptyReputationRecord,
  type ReputationFigures,
  type ReputationRecord,
  type ReputationSummary,
  reputationFiguresOf,
  reputationSummaryOf,
  verificationLevelOf,
} from '@app/shared/reviews/reputation';
import type { CompanyReputation } from '@app/shared/reviews/reviews.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type ComputedRecord,
  computeRecords,
  findReputations,
  findStaleUserIds,
  findVisibleCompanies,
  type NewReputationRow,
  type ReputationRow,
  upsertReputations,
} from './reputation.repository.ts';
import { findUncountedPublications, markPublicationsCounted } from './reviews.repository.ts';

export type ReputationDeps = {
  db: Db;
  clock: Clock;
  /** Messaging's published read: each user's median time to answer a conversation others opened. */
  medianFirstReplySeconds(db: Db, userIds: string[]): Promise<Map<string, number>>;
};

const BATCH = 200;
const COMPANY_NOT_FOUND = 'Company not found';

/** A stored row as the shared rule's input. */
export function recordOf(row: ReputationRow): ReputationRecord {
  return {
    reviewCount: row.reviewCount,
    starSums: {
      asAgreed: row.starsAsAgreedSum,
      communication: row.starsCommunicationSum,
      timeliness: row.starsTimelinessSum,
    },
    completedDeals: row.completedDeals,
    tonnesTraded: Number(row.tonnesTraded),
    claimsLost: row.claimsLost,
    claimsLostLast12Months: row.claimsLostLast12Months,
    medianResponseSeconds: row.medianResponseSeconds,
    memberSince: row.memberSince.toISOString(),
    emailConfirmed: row.emailConfirmed,
    companyVerified: row.companyVerified,
  };
}

/**
 * The reputation read model: recomputed from the database for the users whose inputs changed (a deal
 * concluded, a review published or hidden, a claim settled, a company verified), and by the sweep for
 * what time changes (a lone review published at the end of its window, a lost claim leaving the
 * 12-month window) or an event that was missed.
 */
export function createReputationService(deps: ReputationDeps) {
  const { db, clock } = deps;

  function rowOf(c: ComputedRecord, medianSeconds: number | undefined, now: Date): NewReputationRow {
    const record: ReputationRecord = {
      reviewCount: c.reviewCount,
      starSums: { asAgreed: c.asAgreed, communication: c.communication, timeliness: c.timeliness },
      completedDeals: c.completedDeals,
      tonnesTraded: c.tonnes,
      claimsLost: c.lost,
      claimsLostLast12Months: c.lostRecent,
      medianResponseSeconds: medianSeconds ?? null,
      memberSince: c.memberSince.toISOString(),
      emailConfirmed: c.emailConfirmed,
      companyVerified: c.companyVerified,
    };
    return {
      userId: c.userId,
      reviewCount: c.reviewCount,
      starsAsAgreedSum: c.asAgreed,
      starsCommunicationSum: c.communication,
      starsTimelinessSum: c.timeliness,
      completedDeals: c.completedDeals,
      tonnesTraded: c.tonnes,
      claimsLost: c.lost,
      claimsLostLast12Months: c.lostRecent,
      medianResponseSeconds: medianSeconds ?? null,
      memberSince: c.memberSince,
      emailConfirmed: c.emailConfirmed,
      companyVerified: c.companyVerified,
      level: verificationLevelOf(record),
      computedAt: now,
    };
  }

  /** Recomputes the users' rows from the database (any number of users, in batches). */
  async function recomputeReputation(userIds: readonly string[]): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += BATCH) {
      const batch = unique.slice(i, i + BATCH);
      const now = clock.now();
      const [records, medians] = await Promise.all([
        computeRecords(db, batch, now),
        deps.medianFirstReplySeconds(db, batch),
      ]);
      await upsertReputations(
        db,
        records.map((r) => rowOf(r, medians.get(r.userId), now)),
      );
    }
  }

  /** The stored rows of the users, computing those that have none yet. */
  async function rowsOf(userIds: readonly string[]): Promise<Map<string, ReputationRow>> {
    const unique = [...new Set(userIds)];
    let rows = await findReputations(db, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.userId === id));
    if (missing.length > 0) {
      await recomputeReputation(missing);
      rows = [...rows, ...(await findReputations(db, missing))];
    }
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /** Compact figures per user, for listing, deal and conversation cards. Unknown users are left out. */
  async function userSummaries(userIds: readonly string[]): Promise<Map<string, ReputationSummary>> {
    const rows = await rowsOf(userIds);
    return new Map([...rows].map(([id, row]) => [id, reputationSummaryOf(recordOf(row))]));
  }

  /**
   * A company's figures: its owner's trading record, with the level of this company (level 2 and 3
   * need this company verified, not another of the owner's).
   */
  async function companyFigures(companyIds: readonly string[]) {
    if (companyIds.length === 0) return new Map<string, { userId: string; figures: ReputationFigures }>();
    const companies = await findVisibleCompanies(db, [...companyIds]);
    const rows = await rowsOf(companies.map((c) => c.userId));
    const result = new Map<string, { userId: string; figures: ReputationFigures }>();
    for (const c of companies) {
      const row = rows.get(c.userId);
      const record = row ? recordOf(row) : emptyReputationRecord(new Date(0).toISOString(), false);
      result.set(c.id, {
        userId: c.userId,
        figures: reputationFiguresOf({ ...record, companyVerified: c.verified }),
      });
    }
    return result;
  }

  async function getCompanyReputation(companyId: string): Promise<CompanyReputation> {
    const found = (await companyFigures([companyId])).get(companyId);
    if (!found) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    return { companyId, userId: found.userId, reputation: found.figures };
  }

  async function companySummaries(companyIds: readonly string[]): Promise<Map<string, ReputationSummary>> {
    const figures = await companyFigures(companyIds);
    return new Map(
      [...figures].map(([id, { figures: f }]) => [
        id,
        {
          averageRating: f.averageRating,
          reviewCount: f.reviewCount,
          completedDeals: f.completedDeals,
          level: f.level,
        },
      ]),
    );
  }

  /** The owner of a visible company, or 404. */
  async function ownerOfCompany(companyId: string): Promise<string> {
    const [row] = await findVisibleCompanies(db, [companyId]);
    if (!row) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    return row.userId;
  }

  /**
   * The safety net, every few minutes: reviews whose window ended (published by time) are counted, and
   * users whose stored inputs drifted are recomputed. Returns how many users it recomputed.
   */
  async function sweep(limit = 1000): Promise<number> {
    const now = clock.now();
    const published = await findUncountedPublications(db, now, limit);
    const stale = await findStaleUserIds(db, now, limit);
    const users = [...new Set([...published.map((p) => p.subjectUserId), ...stale])];
    await recomputeReputation(users);
    await markPublicationsCounted(
      db,
      published.map((p) => p.id),
    );
    return users.length;
  }

  return {
    recomputeReputation,
    userSummaries,
    companySummaries,
    getCompanyReputation,
    ownerOfCompany,
    sweep,
  };
}

export type ReputationService = ReturnType<typeof createReputationService>;
