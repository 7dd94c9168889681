import { REVIEW_RULES } from './reputation.ts';

/** What the API says, in one place (server errors and the web's toasts); zod-free for the web. */
export const REVIEW_MESSAGES = {
  ratingRange: 'Ratings are whole stars from 1 to 5.',
  commentTooLong: `The comment must be ${REVIEW_RULES.commentMax} characters or less.`,
  replyRequired: 'Please write a reply.',
  replyTooLong: `The reply must be ${REVIEW_RULES.replyMax} characters or less.`,
  hideReasonRequired: 'Please give a reason for hiding this review.',
  hideReasonTooLong: `The reason must be ${REVIEW_RULES.hideReasonMax} characters or less.`,
  signIn: 'Please sign in to review a deal.',
  dealNotFound: 'Error: Deal data not found',
  notConcluded:
    'You can review this deal once it is completed: the escrow released, a claim settled, or the commission of a deal settled outside escrow paid.',
  windowClosed: `The review window of this deal has closed (${REVIEW_RULES.windowDays} days after it was completed).`,
  alreadyReviewed: 'You have already reviewed this deal.',
  reviewNotFound: 'Review not found',
  replyNotYours: 'Only the reviewed trader may reply to a review.',
  replyNotPublished: 'You can reply once the review is published.',
  alreadyReplied: 'You have already replied to this review.',
  reviewHidden: 'This review was hidden by an administrator.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
  submitted: 'Review submitted. It will be published when both of you have reviewed, or after 14 days.',
  submittedPublished: 'Review submitted and published.',
  replied: 'Reply posted.',
  hidden: 'Review hidden. The author was told why.',
  restored: 'Review restored. The author was told.',
  loadFailed: 'Failed to load reviews.',
} as const;
