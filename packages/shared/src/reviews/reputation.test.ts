import { describe, expect, it } from 'vitest';
import {
  averageRatingOf,
  emptyReputationRecord,
  isTrustedTrader,
  type ReputationRecord,
  reputationFiguresOf,
  responseTimeLabel,
  reviewAverage,
  verificationLevelOf,
} from './reputation.ts';
import { ReviewBodySchema } from './reviews.schemas.ts';

/** A verified trader with 5 completed deals and 5 reviews averaging `avg` on every criterion. */
const record = (overrides: Partial<ReputationRecord> = {}, avg = 4): ReputationRecord => ({
  ...emptyReputationRecord('2025-01-01T00:00:00.000Z', true),
  companyVerified: true,
  completedDeals: 5,
  reviewCount: 5,
  starSums: { asAgreed: avg * 5, communication: avg * 5, timeliness: avg * 5 },
  ...overrides,
});

describe('the Trusted trader rule', () => {
  it('holds at exactly the thresholds: verified, 5 deals, average 4.0, no claim lost in 12 months', () => {
    expect(isTrustedTrader(record())).toBe(true);
    expect(verificationLevelOf(record())).toBe(3);
  });

  it.each([
    ['an unverified company', { companyVerified: false }],
    ['4 completed deals', { completedDeals: 4 }],
    ['no review at all', { reviewCount: 0, starSums: { asAgreed: 0, communication: 0, timeliness: 0 } }],
    ['a claim lost in the last 12 months', { claimsLostLast12Months: 1 }],
  ] as const)('fails with %s', (_name, overrides) => {
    expect(isTrustedTrader(record(overrides))).toBe(false);
  });

  it('compares the exact average, not a rounded one: 3.996 is below 4.0', () => {
    // 84 reviews, 252 stars given, 1,007 in all: 3.996, shown as 4.00, yet one star short of 4.0.
    const justBelow = record({
      completedDeals: 84,
      reviewCount: 84,
      starSums: { asAgreed: 335, communication: 336, timeliness: 336 },
    });
    expect(averageRatingOf(justBelow)).toBe(4);
    expect(isTrustedTrader(justBelow)).toBe(false);
  });

  it('keeps an old claim out of the rule once it leaves the 12-month window', () => {
    expect(isTrustedTrader(record({ claimsLost: 1, claimsLostLast12Months: 0 }))).toBe(true);
  });
});

describe('verification levels', () => {
  it('is 1 with a confirmed email, 2 with a verified company, 0 otherwise', () => {
    const fresh = emptyReputationRecord('2025-01-01T00:00:00.000Z', true);
    expect(verificationLevelOf(fresh)).toBe(1);
    expect(verificationLevelOf({ ...fresh, companyVerified: true })).toBe(2);
    expect(verificationLevelOf({ ...fresh, emailConfirmed: false })).toBe(0);
  });
});

describe('the figures', () => {
  it('says nothing about ratings without a review and no claim share without a deal', () => {
    const figures = reputationFiguresOf(emptyReputationRecord('2025-01-01T00:00:00.000Z', true));
    expect(figures).toMatchObject({
      averageRating: null,
      reviewCount: 0,
      completedDeals: 0,
      claimLostShare: null,
      criteria: { asAgreed: null, communication: null, timeliness: null },
      trustedTrader: false,
      level: 1,
    });
  });

  it('averages every star of every criterion, per criterion too, and shares claims over completed deals', () => {
    const figures = reputationFiguresOf(
      record({
        reviewCount: 2,
        starSums: { asAgreed: 10, communication: 7, timeliness: 8 },
        completedDeals: 4,
        claimsLost: 1,
        tonnesTraded: 12.345,
      }),
    );
    expect(figures.averageRating).toBe(4.17);
    expect(figures.criteria).toEqual({ asAgreed: 5, communication: 3.5, timeliness: 4 });
    expect(figures.claimLostShare).toBe(0.25);
    expect(figures.tonnesTraded).toBe(12.35);
    expect(
      averageRatingOf({ reviewCount: 1, starSums: { asAgreed: 5, communication: 4, timeliness: 4 } }),
    ).toBe(4.33);
    expect(reviewAverage({ asAgreed: 5, communication: 4, timeliness: 3 })).toBe(4);
  });

  it('words response times', () => {
    expect(responseTimeLabel(null)).toBe('No replies yet');
    expect(responseTimeLabel(20)).toBe('within 1 min');
    expect(responseTimeLabel(45 * 60)).toBe('within 45 min');
    expect(responseTimeLabel(3600)).toBe('within 1 hour');
    expect(responseTimeLabel(5 * 86_400)).toBe('within 5 days');
  });
});

describe('the review body', () => {
  it('refuses a 6-star rating, half stars and a comment over 1,000 characters, and strips markup', () => {
    const ok = { asAgreed: 5, communication: 4, timeliness: 3 };
    expect(ReviewBodySchema.safeParse({ stars: { ...ok, asAgreed: 6 } }).success).toBe(false);
    expect(ReviewBodySchema.safeParse({ stars: { ...ok, timeliness: 0 } }).success).toBe(false);
    expect(ReviewBodySchema.safeParse({ stars: { ...ok, communication: 4.5 } }).success).toBe(false);
    expect(ReviewBodySchema.safeParse({ stars: ok, comment: 'x'.repeat(1001) }).success).toBe(false);
    const parsed = ReviewBodySchema.parse({ stars: ok, comment: ' <b>Great</b> <script>x()</script>lot ' });
    expect(parsed.comment).toBe('Great lot');
  });
});
