/**
 * The reviews module's face: what other modules and the app may use. Other modules import from here only.
 */

// Published reads: a user's compact reputation as SQL (the marketplace search's page query) and its parser.
export {
  parseReputationSummary,
  readReputationSummaries,
  reputationSummarySql,
} from './reputation.repository.ts';
// `recomputeReputation(userIds)`, `userSummaries`, `companySummaries`, the sweep.
export type { ReputationService } from './reputation.service.ts';
// The module's registration: its routes, the reputation sweep and its reactions to other modules' events.
export { type ReviewsModule, registerReviews } from './reviews.module.ts';
// `hideReview(admin, id, { reason })` (the reports queue) and `loadReview(id)` (a review in context).
export type { ReviewsService } from './reviews.service.ts';
