import { DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import { AppError } from '../../lib/app-error.ts';
import { type DealContext, JOB_BATCH } from './deal-context.ts';
import type { DealTransitions } from './deal-transitions.ts';
import { clearEscrowClaim, listAutoReleasable, listStaleEscrowClaims } from './deals.repository.ts';

/** A claim on the escrow provider older than this was left by a crash: the reconcile job finishes it. */
const ESCROW_CLAIM_STALE_MS = 60_000;

/**
 * The deals' timed work (`deal-escrow.job.ts` schedules it): auto-release, the escrow provider's
 * pending fundings and claims, and card refunds to retry. Every change goes through the transition
 * engine, so a run that overlaps another changes nothing twice.
 */
export function createDealTimedWork(ctx: DealContext, parts: { transitions: DealTransitions }) {
  const { db, clock, escrow, logError } = ctx;
  const { transitions } = parts;

  /** Releases escrow of deals shipped 7 days ago with no dispute open (every 15 minutes). */
  async function runAutoRelease(): Promise<{ released: number }> {
    const cutoff = new Date(clock.now().getTime() - DEAL_CONSTANTS.autoReleaseDays * 86_400_000);
    let released = 0;
    for (const deal of await listAutoReleasable(db, cutoff, JOB_BATCH)) {
      try {
        await transitions.applyDealTransition(deal.id, 'auto-release', { role: 'system', userId: null });
        released += 1;
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'DEAL_TRANSITION_NOT_ALLOWED'))
          logError('auto-release failed', err);
      }
    }
    return { released };
  }

  /**
   * Escrow's sync (every 5 minutes: pending escrow-provider fundings, card refunds to retry), then the
   * follow-up work of what it recorded.
   */
  async function runEscrowSync(): Promise<{ checked: number; refunded: number }> {
    const result = await escrow.runEscrowSync();
    await ctx.whenIdle();
    return result;
  }

  /**
   * Claims left by a process that died between the provider call and the recording (every minute,
   * for claims older than a minute): the provider is asked again (idempotent) and the transition
   * recorded; a claim the provider refuses is dropped so the parties may act again.
   */
  async function runEscrowClaimReconcile(): Promise<{ finished: number; dropped: number }> {
    const cutoff = new Date(Date.now() - ESCROW_CLAIM_STALE_MS);
    let finished = 0;
    let dropped = 0;
    for (const deal of await listStaleEscrowClaims(db, cutoff, JOB_BATCH)) {
      const claim = deal.escrowProviderClaim;
      if (!claim) continue;
      const providerTransactionId = await escrow.providerTransactionOf(deal.id);
      try {
        if (providerTransactionId) await escrow.callProviderFor(claim.transition, providerTransactionId);
        await transitions.recordClaimed(deal.id, claim);
        finished += 1;
      } catch (err) {
        logError('escrow provider claim could not be finished; dropped', err);
        await clearEscrowClaim(db, deal.id, claim.id);
        dropped += 1;
      }
    }
    return { finished, dropped };
  }

  return { runAutoRelease, runEscrowSync, runEscrowClaimReconcile };
}
