import type { JobQueue } from '../../lib/jobs.ts';
import type { PaymentsService } from './payments.service.ts';

export const PAYMENTS_STRAY_REFUNDS_JOB = 'payments.stray-refunds';

/**
 * Every minute: charges on checkout pages that paid nothing (superseded, expired, a second page) whose
 * refund failed or was cut short by a crash are refunded again. Refunds carry idempotency keys, so an
 * overlapping run never refunds twice.
 */
export async function schedulePaymentsJobs(jobs: JobQueue, payments: PaymentsService) {
  await jobs.work(PAYMENTS_STRAY_REFUNDS_JOB, async () => {
    await payments.runStrayRefunds();
  });
  await jobs.schedule(PAYMENTS_STRAY_REFUNDS_JOB, '* * * * *');
}
