import type { JobQueue } from '../../lib/jobs.ts';
import type { BillingService } from './billing.service.ts';

export const BILLING_LAPSED_SYNC_JOB = 'billing.lapsed-subscriptions';

/**
 * Every 15 minutes: subscriptions the mirror still calls subscribed although their period is over are
 * read again from the provider, so a lost webhook neither keeps listings non-expiring nor hides a renewal.
 */
export async function scheduleBillingJobs(jobs: JobQueue, billing: BillingService) {
  await jobs.work(BILLING_LAPSED_SYNC_JOB, async () => {
    await billing.syncLapsedSubscriptions();
  });
  await jobs.schedule(BILLING_LAPSED_SYNC_JOB, '*/15 * * * *');
}
