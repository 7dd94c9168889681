import { stripMarkup } from '../listings/listing-rules.ts';
import * as z from '../zod.ts';
import { ReputationSummarySchema } from './reputation.schemas.ts';
import { REVIEW_RULES } from './reputation.ts';
import { REVIEW_MESSAGES } from './review-messages.ts';

export * from './reputation.schemas.ts';

export * from './reputation.ts';
export * from './review-messages.ts';

const Stars = z
  .number({ error: REVIEW_MESSAGES.ratingRange })
  .int(REVIEW_MESSAGES.ratingRange)
  .min(REVIEW_RULES.minStars, REVIEW_MESSAGES.ratingRange)
  .max(REVIEW_RULES.maxStars, REVIEW_MESSAGES.ratingRange);

const StarsSchema = z.object({ asAgreed: Stars, communication: Stars, timeliness: Stars });

/** Keeps tabs and line breaks; drops every other control character. */
const withoutControls = (value: string) =>
  [...value]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('');

/** Plain text: markup and control characters removed, trimmed; empty means none. */
const plainText = (value: string) => stripMarkup(withoutControls(value)).replace(/\n{3,}/g, '\n\n');

/** POST /api/deals/:id/reviews: the stars on each criterion and an optional comment. */
export const ReviewBodySchema = z.object({
  stars: StarsSchema,
  comment: z
    .string()
    .transform(plainText)
    .pipe(z.string().max(REVIEW_RULES.commentMax, REVIEW_MESSAGES.commentTooLong))
    .optional(),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

/** Required plain text of at most `max` characters. */
const requiredPlainText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).transform(plainText).pipe(z.string().min(1, required).max(max, tooLong));

export const ReplyBodySchema = z.object({
  text: requiredPlainText(REVIEW_MESSAGES.replyRequired, REVIEW_RULES.replyMax, REVIEW_MESSAGES.replyTooLong),
});
export type ReplyBody = z.input<typeof ReplyBodySchema>;

export const HideReviewBodySchema = z.object({
  reason: requiredPlainText(
    REVIEW_MESSAGES.hideReasonRequired,
    REVIEW_RULES.hideReasonMax,
    REVIEW_MESSAGES.hideReasonTooLong,
  ),
});
export type HideReviewBody = z.input<typeof HideReviewBodySchema>;

export const ReviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });

/** A review as its readers see it (published ones publicly; a party's own at any time). */
export const ReviewSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  /** The author's side of the deal. */
  authorRole: z.enum(['buyer', 'seller']),
  author: z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable() }),
  subjectUserId: z.string(),
  stars: StarsSchema,
  average: z.number(),
  comment: z.string().nullable(),
  /** The material of the deal (its listing's title). */
  dealTitle: z.string().nullable(),
  createdAt: z.string(),
  /** When it became (or becomes) public. */
  publishedAt: z.string(),
  published: z.boolean(),
  reply: ReviewReplySchema.nullable(),
  /** Set for the author (and administrators) when an administrator hid it. */
  hiddenReason: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** GET /api/deals/:id/reviews: where the reviews of a deal stand, for one of its parties. */
export const DealReviewsSchema = z.object({
  dealId: z.string(),
  /** `pending`: not concluded yet; `open`: the viewer may still write; `closed`: the window ended or both wrote. */
  state: z.enum(['pending', 'open', 'closed']),
  concludedAt: z.string().nullable(),
  /** End of the review window; a lone review is published then. */
  windowEndsAt: z.string().nullable(),
  canReview: z.boolean(),
  mine: ReviewSchema.nullable(),
  /** The other party's review, only once it is published. */
  theirs: ReviewSchema.nullable(),
  /** Whether the other party has written theirs (never its content before publication). */
  theirsWritten: z.boolean(),
});
export type DealReviews = z.infer<typeof DealReviewsSchema>;

export const ReviewPageSchema = z.object({
  items: z.array(ReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const ReviewPageQuerySchema = z.object({
  page: z.pageNumber(),
});

export const ReputationFiguresSchema = ReputationSummarySchema.extend({
  criteria: z.object({
    asAgreed: z.number().nullable(),
    communication: z.number().nullable(),
    timeliness: z.number().nullable(),
  }),
  tonnesTraded: z.number(),
  memberSince: z.string(),
  medianResponseSeconds: z.number().nullable(),
  claimsLost: z.number().int(),
  claimLostShare: z.number().nullable(),
  trustedTrader: z.boolean(),
});

/** GET /api/companies/:id/reputation: the company's (its owner's) figures. */
export const CompanyReputationSchema = z.object({
  companyId: z.string(),
  userId: z.string(),
  reputation: ReputationFiguresSchema,
});
export type CompanyReputation = z.infer<typeof CompanyReputationSchema>;

/** GET /api/reputations?users=a,b or ?companies=a,b: compact figures for cards (at most 100). */
export const ReputationsQuerySchema = z.object({
  users: z.string().max(4000).optional(),
  companies: z.string().max(4000).optional(),
});
export const ReputationsSchema = z.object({
  users: z.record(z.string(), ReputationSummarySchema),
  companies: z.record(z.string(), ReputationSummarySchema),
});
export type Reputations = z.infer<typeof ReputationsSchema>;

/** The back office's list: every review, newest first, with its state. */
export const AdminReviewSchema = ReviewSchema.extend({
  authorEmail: z.string(),
  subjectName: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenByAdminEmail: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewPageSchema = z.object({
  items: z.array(AdminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

/**
 * Realtime, to both parties of a deal: a review of it became public (the second review, or the end of
 * the window). Their open company pages and deal cards read the reviews and figures again.
 */
export const ReviewPublishedEventSchema = z.object({
  type: z.literal('review.published'),
  dealId: z.string(),
});
export type ReviewPublishedEvent = z.infer<typeof ReviewPublishedEventSchema>;
