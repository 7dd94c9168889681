import type { JobQueue } from '../../lib/jobs.ts';
import type { ReputationService } from './reputation.service.ts';
import type { ReviewsService } from './reviews.service.ts';

export const REPUTATION_SWEEP_JOB = 'reviews.reputation-sweep';
export const REVIEW_PUBLICATIONS_JOB = 'reviews.announce-publications';

/**
 * Every 5 minutes, reviews published by the end of their window are announced to both parties (an
 * email each, a realtime event). Every 10 minutes, the reputation read model's safety net: reviews
 * published by time are counted, and users whose inputs drifted (a verification, a confirmed email, a
 * lost claim leaving the 12-month window, a concluded deal whose event was missed) are recomputed.
 */
export async function scheduleReviewsJobs(
  jobs: JobQueue,
  reputation: ReputationService,
  reviews: ReviewsService,
) {
  await jobs.work(REVIEW_PUBLICATIONS_JOB, async () => {
    await reviews.announceDuePublications();
  });
  await jobs.schedule(REVIEW_PUBLICATIONS_JOB, '*/5 * * * *');
  await jobs.work(REPUTATION_SWEEP_JOB, async () => {
    await reputation.sweep();
  });
  await jobs.schedule(REPUTATION_SWEEP_JOB, '*/10 * * * *');
}
