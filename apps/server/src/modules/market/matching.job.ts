import type { JobQueue } from '../../lib/jobs.ts';
import { warmGeocoder } from './geocoder.ts';
import type { MatchingService } from './matching.service.ts';

export const MATCHING_COMPUTE_JOB = 'market.matching.compute';
export const MATCHING_DIGEST_JOB = 'market.matching.digest';
export const MATCHING_BACKFILL_JOB = 'market.matching.backfill';

/**
 * Matches are computed per listing by a job queued after each change (so the request that changed it
 * never waits on matching); the digest goes out daily at 07:00 UTC. A job at start loads the city
 * index (off any listing request) and drops stored pairs of different grade families. Listings
 * geocoded later by the listings module's backlog are not matched again (docs/DECISIONS.md).
 */
export async function scheduleMatchingJobs(jobs: JobQueue, matching: MatchingService) {
  await jobs.work<{ listingId: string }>(MATCHING_COMPUTE_JOB, async ({ listingId }) => {
    await matching.computeMatches(listingId);
  });
  await jobs.work(MATCHING_DIGEST_JOB, async () => {
    await matching.sendDigests();
  });
  await jobs.work(MATCHING_BACKFILL_JOB, async () => {
    // Opening the city index reads a file (building it, once per machine, takes a second or more of
    // CPU): better here than in a listing request.
    warmGeocoder();
    await matching.removeCrossFamilyMatches();
  });
  await jobs.schedule(MATCHING_DIGEST_JOB, '0 7 * * *');
  await jobs.send(MATCHING_BACKFILL_JOB, {});
}

/** Queues a recomputation of one listing's matches (the listings service's onListingChanged hook). */
export async function requestMatching(jobs: JobQueue, listingId: string): Promise<void> {
  await jobs.send(MATCHING_COMPUTE_JOB, { listingId });
}
