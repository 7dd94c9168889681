import type { JobQueue } from '../../lib/jobs.ts';
import { CAMPAIGN_BATCH_JOB, type CampaignsService } from './campaigns.service.ts';

export const CAMPAIGN_RESUME_JOB = 'campaigns.resume-stalled';

/**
 * Campaign batches run on any instance (recipients are claimed with SKIP LOCKED and the batch slot
 * is taken in the database, so neither an email nor the rate can double). Every minute a sweep
 * restarts a running campaign whose chain of batch jobs was lost.
 */
export async function scheduleCampaignJobs(jobs: JobQueue, campaigns: CampaignsService) {
  await jobs.work<{ campaignId: string }>(CAMPAIGN_BATCH_JOB, (data) =>
    campaigns.runBatchJob(data.campaignId),
  );
  await jobs.work(CAMPAIGN_RESUME_JOB, async () => {
    await campaigns.resumeStalledCampaigns();
  });
  await jobs.schedule(CAMPAIGN_RESUME_JOB, '* * * * *');
}
