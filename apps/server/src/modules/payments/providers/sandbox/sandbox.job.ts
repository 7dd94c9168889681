import type { JobQueue } from '../../../../lib/jobs.ts';
import { SANDBOX_DELIVERY_JOB, SANDBOX_MAINTENANCE_JOB, type SandboxProvider } from './sandbox.provider.ts';

/** Workers for webhook delivery (with the queue's retries) and the minutely renewal and expiry run. */
export async function startSandboxJobs(jobs: JobQueue, sandbox: SandboxProvider): Promise<void> {
  await jobs.work<{ eventId: string }>(SANDBOX_DELIVERY_JOB, ({ eventId }) => sandbox.deliverEvent(eventId));
  await jobs.work(SANDBOX_MAINTENANCE_JOB, () => sandbox.runMaintenance());
  await jobs.schedule(SANDBOX_MAINTENANCE_JOB, '* * * * *');
}
