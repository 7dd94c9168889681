import type { JobQueue } from '../../lib/jobs.ts';
import type { ListingsService } from './listings.service.ts';

export const LISTINGS_EXPIRY_JOB = 'listings.expiry';
export const LISTINGS_UPLOADS_PURGE_JOB = 'listings.purge-uploads';

/**
 * Free listings expire at 00:00 UTC on the 1st and paid featuring ends at featured_until. A sweep
 * every 5 minutes (plus one at start) is robust to downtime at midnight: a missed run catches up.
 */
export async function scheduleListingsJobs(jobs: JobQueue, listings: ListingsService) {
  await jobs.work(LISTINGS_EXPIRY_JOB, async () => {
    await listings.runExpiry();
  });
  await jobs.work(LISTINGS_UPLOADS_PURGE_JOB, async () => {
    await listings.purgeUnattachedUploads();
  });
  await jobs.schedule(LISTINGS_EXPIRY_JOB, '*/5 * * * *');
  await jobs.schedule(LISTINGS_UPLOADS_PURGE_JOB, '23 * * * *');
  await jobs.send(LISTINGS_EXPIRY_JOB, {});
}
