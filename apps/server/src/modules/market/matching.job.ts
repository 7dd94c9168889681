import type { JobQueue } from '../../lib/jobs.ts';
import type { ListingsService } from '../listings/index.ts';
import { warmGeocoder } from './geocoder.ts';
import type { MatchingService } from './matching.service.ts';

export const MATCHING_COMPUTE_JOB = 'market.matching.compute';
export const MATCHING_DIGEST_JOB = 'market.matching.digest';
export const MATCHING_BACKFILL_JOB = 'market.matching.backfill';
const BACKFILL_BATCH = 500;

/**
 * Matches are computed per listing by a job queued after each change (so the request that changed it
 * never waits on matching); the digest goes out daily at 07:00 UTC; listings older than geocoding are
 * geocoded and matched in batches by a backfill that runs at start (loading the city index first,
 * then dropping stored pairs of different grade families) and re-queues itself until done.
 */
export async function scheduleMatchingJobs(
  jobs: JobQueue,
  matching: MatchingService,
  listings: ListingsService,
) {
  await jobs.work<{ listingId: string }>(MATCHING_COMPUTE_JOB, async ({ listingId }) => {
    await matching.computeMatches(listingId);
  });
  await jobs.work(MATCHING_DIGEST_JOB, async () => {
    await matching.sendDigests();
  });
  await jobs.work(MATCHING_BACKFILL_JOB, async () => {
    // Loading the city index takes about half a second of CPU: better here than in a listing request.
    warmGeocoder();
    await matching.removeCrossFamilyMatches();
    const ids = await listings.geocodeMissing(BACKFILL_BATCH);
    // Computed here rather than queued one job each: a batch of 500 queued jobs would hold back the
    // matching of listings traders are posting now, which share the queue.
    for (const listingId of ids) await matching.computeMatches(listingId);
    if (ids.length === BACKFILL_BATCH) await jobs.send(MATCHING_BACKFILL_JOB, {});
  });
  await jobs.schedule(MATCHING_DIGEST_JOB, '0 7 * * *');
  await jobs.send(MATCHING_BACKFILL_JOB, {});
}

/** Queues a recomputation of one listing's matches (the listings service's onListingChanged hook). */
export async function requestMatching(jobs: JobQueue, listingId: string): Promise<void> {
  await jobs.send(MATCHING_COMPUTE_JOB, { listingId });
}
