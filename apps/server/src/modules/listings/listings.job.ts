import { setTimeout as sleep } from 'node:timers/promises';
import type { JobQueue } from '../../lib/jobs.ts';
import type { ListingsService } from './listings.service.ts';

export const LISTINGS_EXPIRY_JOB = 'listings.expiry';
export const LISTINGS_UPLOADS_PURGE_JOB = 'listings.purge-uploads';
export const LISTINGS_GEOCODE_BACKLOG_JOB = 'listings.geocode-backlog';

/**
 * The geocoding backlog's pace. A batch is one read of the partial index and one UPDATE (each row
 * rewrites every index of the table, GIN included), a few tens of milliseconds; after each batch the
 * job waits GEOCODE_PACE times as long as the batch took, so it holds the database at most a quarter
 * of the time (on PGlite the database runs on the server's own thread, so requests wait meanwhile).
 */
export const GEOCODE_BATCH = 200;
const GEOCODE_PACE = 3;
const GEOCODE_MIN_PAUSE_MS = 100;
/** One run works this long at most, then queues the next: no run nears the queue's expiry. */
const GEOCODE_RUN_MS = 30_000;

/**
 * Free listings expire at 00:00 UTC on the 1st and paid featuring ends at featured_until. A sweep
 * every 5 minutes (plus one at start) is robust to downtime at midnight: a missed run catches up.
 * Listings never geocoded are geocoded in paced batches by a job queued once the server listens
 * (`requestGeocodeBacklog`), which queues itself again until nothing is left.
 */
export async function scheduleListingsJobs(jobs: JobQueue, listings: ListingsService) {
  await jobs.work(LISTINGS_EXPIRY_JOB, async () => {
    await listings.runExpiry();
  });
  await jobs.work(LISTINGS_UPLOADS_PURGE_JOB, async () => {
    await listings.purgeUnattachedUploads();
  });
  await jobs.work(LISTINGS_GEOCODE_BACKLOG_JOB, async (_data, { signal }) => {
    const until = Date.now() + GEOCODE_RUN_MS;
    while (!signal.aborted) {
      const started = performance.now();
      if ((await listings.geocodeBacklog(GEOCODE_BATCH)) < GEOCODE_BATCH) return;
      if (Date.now() >= until) return requestGeocodeBacklog(jobs);
      const pause = Math.max(GEOCODE_MIN_PAUSE_MS, (performance.now() - started) * GEOCODE_PACE);
      await sleep(pause, undefined, { signal }).catch(() => {});
    }
  });
  await jobs.schedule(LISTINGS_EXPIRY_JOB, '*/5 * * * *');
  await jobs.schedule(LISTINGS_UPLOADS_PURGE_JOB, '23 * * * *');
  await jobs.send(LISTINGS_EXPIRY_JOB, {});
}

/** Queues the geocoding backlog (once the server listens: never part of the start). */
export async function requestGeocodeBacklog(jobs: JobQueue): Promise<void> {
  await jobs.send(LISTINGS_GEOCODE_BACKLOG_JOB, {});
}
