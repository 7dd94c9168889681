import type { JobQueue } from '../../lib/jobs.ts';
import type { PriceIndexService } from './price-index.service.ts';

export const PRICE_INDEX_RECOMPUTE_JOB = 'market.price-index.recompute';

/** Events within one slot of this many seconds share a recompute: the page updates well within a minute. */
const DEBOUNCE_SECONDS = 10;

/**
 * The index is recomputed by a job: after a listing changes or a deal completes (debounced, so a burst
 * of changes costs one run and the page updates within a minute) and every hour (the day rolls over and
 * old observations leave the window). A run on an empty table backfills a year.
 */
export async function schedulePriceIndexJobs(jobs: JobQueue, priceIndex: PriceIndexService) {
  await jobs.work<{ rebuildYear?: boolean }>(PRICE_INDEX_RECOMPUTE_JOB, async (data) => {
    await priceIndex.recompute({ rebuildYear: data?.rebuildYear === true });
  });
  await jobs.schedule(PRICE_INDEX_RECOMPUTE_JOB, '7 * * * *');
}

/** Queues a recompute: at once, or in the next 10-second slot when one is already queued or ran. */
export async function requestPriceIndexRecompute(jobs: JobQueue): Promise<void> {
  await jobs.send(
    PRICE_INDEX_RECOMPUTE_JOB,
    {},
    { debounce: { key: PRICE_INDEX_RECOMPUTE_JOB, seconds: DEBOUNCE_SECONDS }, retryLimit: 2 },
  );
}

/**
 * Queues a recompute of the whole year: after the rule changes (the minimum number of contributors),
 * so past points follow the new rule instead of keeping the old one. Its own debounce key, so a
 * pending ordinary recompute does not swallow it.
 */
export async function requestPriceIndexRebuild(jobs: JobQueue): Promise<void> {
  await jobs.send(
    PRICE_INDEX_RECOMPUTE_JOB,
    { rebuildYear: true },
    { debounce: { key: `${PRICE_INDEX_RECOMPUTE_JOB}:rebuild`, seconds: DEBOUNCE_SECONDS }, retryLimit: 2 },
  );
}
