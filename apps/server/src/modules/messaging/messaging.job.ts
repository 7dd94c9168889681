import type { JobQueue } from '../../lib/jobs.ts';
import type { MessagingService } from './messaging.service.ts';

export const MESSAGE_DIGEST_JOB = 'messaging.digest';
export const CONTACT_SETTLE_JOB = 'messaging.settle-contact-requests';

/**
 * Every minute: the unread-message digest (messages unread for 15 minutes), and the after-payment
 * work of contact fees that the payment webhook could not finish (events, refunds). Both are
 * idempotent and claim their rows, so any instance may run them.
 */
export async function scheduleMessagingJobs(jobs: JobQueue, messaging: MessagingService) {
  await jobs.work(MESSAGE_DIGEST_JOB, async () => {
    await messaging.runDigest();
  });
  await jobs.work(CONTACT_SETTLE_JOB, async () => {
    await messaging.settleContactRequests();
  });
  await jobs.schedule(MESSAGE_DIGEST_JOB, '* * * * *');
  await jobs.schedule(CONTACT_SETTLE_JOB, '* * * * *');
}
