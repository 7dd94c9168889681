import type { JobQueue } from '../../lib/jobs.ts';
import type { ReputationService } from './reputation.service.ts';

export const REPUTATION_SWEEP_JOB = 'reviews.reputation-sweep';

/**
 * Every 10 minutes, the reputation read model's safety net: reviews published by the end of their
 * window are counted, and users whose inputs drifted (a verification, a confirmed email, a lost claim
 * leaving the 12-month window, a concluded deal whose event was missed) are recomputed.
 */
export async function scheduleReviewsJobs(jobs: JobQueue, reputation: ReputationService) {
  await jobs.work(REPUTATION_SWEEP_JOB, async () => {
    await reputation.sweep();
  });
  await jobs.schedule(REPUTATION_SWEEP_JOB, '*/10 * * * *');
}
