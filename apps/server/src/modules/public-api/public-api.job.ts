import type { JobQueue } from '../../lib/jobs.ts';
import type { PublicApiService } from './public-api.service.ts';

export const API_TOKENS_PURGE_JOB = 'public-api.purge-expired-tokens';

/** Expired bearer tokens no longer authenticate; an hourly sweep keeps api_tokens small. */
export async function schedulePublicApiJobs(jobs: JobQueue, publicApi: PublicApiService) {
  await jobs.work(API_TOKENS_PURGE_JOB, async () => {
    await publicApi.purgeExpiredTokens();
  });
  await jobs.schedule(API_TOKENS_PURGE_JOB, '41 * * * *');
}
