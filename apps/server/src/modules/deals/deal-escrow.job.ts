import type { JobQueue } from '../../lib/jobs.ts';
import type { DealsService } from './deals.service.ts';

export const DEAL_AUTO_RELEASE_JOB = 'deals.auto-release';
export const DEAL_ESCROW_SYNC_JOB = 'deals.escrow-sync';
export const DEAL_ESCROW_CLAIMS_JOB = 'deals.escrow-claims';
/** Buyers' claims the seller left unanswered past the answer window go to an administrator. */
export const DEAL_CLAIM_ESCALATION_JOB = 'deals.claim-escalation';

/**
 * Every 15 minutes: escrow of deals shipped 7 days ago without a dispute goes to the seller.
 * Every 5 minutes: pending escrow-provider fundings are re-read from the provider, and card refunds
 * whose provider call failed are retried, and so are refunds of commission paid beyond its amount. Every minute: releases and refunds claimed at the escrow
 * provider by a process that died before recording them are finished. All go through the deal machine with the row locked, so
 * any instance may run them and a run that overlaps another changes nothing twice.
 */
export async function scheduleDealJobs(jobs: JobQueue, deals: DealsService) {
  await jobs.work(DEAL_AUTO_RELEASE_JOB, async () => {
    await deals.runAutoRelease();
  });
  await jobs.work(DEAL_ESCROW_SYNC_JOB, async () => {
    await deals.runEscrowSync();
    await deals.runCommissionExcessRefunds();
  });
  await jobs.work(DEAL_ESCROW_CLAIMS_JOB, async () => {
    await deals.runEscrowClaimReconcile();
  });
  await jobs.work(DEAL_CLAIM_ESCALATION_JOB, async () => {
    await deals.claims.runClaimEscalation();
  });
  await jobs.schedule(DEAL_AUTO_RELEASE_JOB, '*/15 * * * *');
  await jobs.schedule(DEAL_CLAIM_ESCALATION_JOB, '*/15 * * * *');
  await jobs.schedule(DEAL_ESCROW_CLAIMS_JOB, '* * * * *');
  await jobs.schedule(DEAL_ESCROW_SYNC_JOB, '*/5 * * * *');
}
