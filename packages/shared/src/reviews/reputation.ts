/**
 * A trader's reputation: the figures every surface shows and the verification levels, computed from
 * what the server stores (sums and counts, never an average typed in). Pure and zod-free, so the
 * public pages' cards can import it without the contracts.
 */

/** The three criteria each party rates the other on, 1 to 5 stars. */
export const REVIEW_CRITERIA = ['asAgreed', 'communication', 'timeliness'] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];

export const REVIEW_CRITERION_LABELS: Record<ReviewCriterion, string> = {
  asAgreed: 'Material or payment as agreed',
  communication: 'Communication',
  timeliness: 'Timeliness',
};

export const REVIEW_RULES = {
  minStars: 1,
  maxStars: 5,
  commentMax: 1000,
  replyMax: 1000,
  hideReasonMax: 500,
  /** Days after a deal concludes during which its parties may review, and after which a lone review is published. */
  windowDays: 14,
  pageSize: 10,
  adminPageSize: 50,
} as const;

/** Level 3: the Trusted trader rule (issue 23). */
export const TRUSTED_TRADER_RULE = {
  minCompletedDeals: 5,
  minAverageRating: 4,
  claimFreeMonths: 12,
} as const;

/** 0: email not confirmed; 1: email confirmed; 2: company verified; 3: Trusted trader. */
export type VerificationLevel = 0 | 1 | 2 | 3;

export const VERIFICATION_LEVEL_LABELS: Record<VerificationLevel, string> = {
  0: 'Unconfirmed',
  1: 'Email confirmed',
  2: 'Verified company',
  3: 'Trusted trader',
};

/** What the reputation read model stores for a user: counts and sums, from which every figure follows. */
export type ReputationRecord = {
  /** Published, not hidden reviews of this user. */
  reviewCount: number;
  /** The stars of those reviews, summed per criterion. */
  starSums: Record<ReviewCriterion, number>;
  /** Concluded deals this user was a party of (escrow released, claim settled, or settled outside escrow). */
  completedDeals: number;
  tonnesTraded: number;
  /** Concluded deals that ended in a claim this user lost (as the seller: the buyer got money back). */
  claimsLost: number;
  claimsLostLast12Months: number;
  medianResponseSeconds: number | null;
  memberSince: string;
  emailConfirmed: boolean;
  companyVerified: boolean;
};

/** What cards show: stars with their count, completed deals and the level. */
export type ReputationSummary = {
  averageRating: number | null;
  reviewCount: number;
  completedDeals: number;
  level: VerificationLevel;
};

/** The full panel of the company page. */
export type ReputationFigures = ReputationSummary & {
  criteria: Record<ReviewCriterion, number | null>;
  tonnesTraded: number;
  memberSince: string;
  medianResponseSeconds: number | null;
  claimsLost: number;
  /** Of the completed deals, the share (0 to 1) that ended in a claim lost; null with no completed deal. */
  claimLostShare: number | null;
  trustedTrader: boolean;
};

/** Rounds an average to two decimals for display; rules compare the exact sums. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The average of every star given (all criteria of all reviews), or null with no review. */
export function averageRatingOf(r: Pick<ReputationRecord, 'reviewCount' | 'starSums'>): number | null {
  if (r.reviewCount <= 0) return null;
  const total = REVIEW_CRITERIA.reduce((sum, c) => sum + r.starSums[c], 0);
  return round2(total / (r.reviewCount * REVIEW_CRITERIA.length));
}

/**
 * Level 3, "Trusted trader": a verified company, at least 5 completed deals, an average rating of at
 * least 4.0 (compared exactly, on the sums) and no claim lost in the last 12 months.
 */
export function isTrustedTrader(
  r: Pick<
    ReputationRecord,
    'companyVerified' | 'completedDeals' | 'reviewCount' | 'starSums' | 'claimsLostLast12Months'
  >,
): boolean {
  if (!r.companyVerified) return false;
  if (r.completedDeals < TRUSTED_TRADER_RULE.minCompletedDeals) return false;
  if (r.reviewCount <= 0) return false;
  const total = REVIEW_CRITERIA.reduce((sum, c) => sum + r.starSums[c], 0);
  if (total < TRUSTED_TRADER_RULE.minAverageRating * r.reviewCount * REVIEW_CRITERIA.length) return false;
  return r.claimsLostLast12Months === 0;
}

export function verificationLevelOf(
  r: Parameters<typeof isTrustedTrader>[0] & Pick<ReputationRecord, 'emailConfirmed'>,
): VerificationLevel {
  if (isTrustedTrader(r)) return 3;
  if (r.companyVerified) return 2;
  return r.emailConfirmed ? 1 : 0;
}

export function reputationSummaryOf(r: ReputationRecord): ReputationSummary {
  return {
    averageRating: averageRatingOf(r),
    reviewCount: r.reviewCount,
    completedDeals: r.completedDeals,
    level: verificationLevelOf(r),
  };
}

export function reputationFiguresOf(r: ReputationRecord): ReputationFigures {
  const criterion = (c: ReviewCriterion) =>
    r.reviewCount > 0 ? round2(r.starSums[c] / r.reviewCount) : null;
  return {
    ...reputationSummaryOf(r),
    criteria: {
      asAgreed: criterion('asAgreed'),
      communication: criterion('communication'),
      timeliness: criterion('timeliness'),
    },
    tonnesTraded: round2(r.tonnesTraded),
    memberSince: r.memberSince,
    medianResponseSeconds: r.medianResponseSeconds,
    claimsLost: r.claimsLost,
    claimLostShare: r.completedDeals > 0 ? round2(r.claimsLost / r.completedDeals) : null,
    trustedTrader: isTrustedTrader(r),
  };
}

/** A record with nothing yet: a new member (the cards say "No completed deals yet"). */
export function emptyReputationRecord(memberSince: string, emailConfirmed: boolean): ReputationRecord {
  return {
    reviewCount: 0,
    starSums: { asAgreed: 0, communication: 0, timeliness: 0 },
    completedDeals: 0,
    tonnesTraded: 0,
    claimsLost: 0,
    claimsLostLast12Months: 0,
    medianResponseSeconds: null,
    memberSince,
    emailConfirmed,
    companyVerified: false,
  };
}

/** One review's score: the mean of its three criteria, to two decimals. */
export function reviewAverage(stars: Record<ReviewCriterion, number>): number {
  return round2(REVIEW_CRITERIA.reduce((sum, c) => sum + stars[c], 0) / REVIEW_CRITERIA.length);
}

/** "Usually replies within 2 hours": a median response time in words. */
export function responseTimeLabel(seconds: number | null): string {
  if (seconds === null) return 'No replies yet';
  if (seconds < 3600) return `within ${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) {
    const h = Math.round(seconds / 3600);
    return `within ${h} ${h === 1 ? 'hour' : 'hours'}`;
  }
  const d = Math.round(seconds / 86_400);
  return `within ${d} days`;
}

export const NO_COMPLETED_DEALS = 'No completed deals yet';
