import { canApplyDealTransition } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES, type FundEscrowResult } from '@app/shared/deals/deals.schemas';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { DealFundingOutcome, FundingOpener } from '../escrow/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import { type DealContext, machineStateOfRow } from './deal-context.ts';
import type { DealTransitions } from './deal-transitions.ts';
import type { DealViews } from './deal-views.ts';
import { findDealForUpdate, findListingBrief, updateDeal } from './deals.repository.ts';

/**
 * The deal's side of escrow funding: the buyer's request (checked against the machine, then handed to
 * the escrow module, which opens the funding through `fund-escrow` here), and every funding outcome
 * escrow announces, recorded as `escrow-funded` or `funding-failed` through the transition engine.
 */
export function createDealFunding(
  ctx: DealContext,
  parts: {
    transitions: DealTransitions;
    announcements: DealAnnouncements;
    views: Pick<DealViews, 'requireParty'>;
  },
) {
  const { db, escrow } = ctx;
  const { transitions, announcements, views } = parts;

  /** POST /api/deals/:id/fund: the buyer pays into escrow by the chosen route. */
  async function fundEscrow(
    user: SessionUser,
    dealId: string,
    body: { method: string; includeCommission?: boolean },
  ): Promise<FundEscrowResult> {
    const { row, role } = await views.requireParty(user, dealId);
    if (!canApplyDealTransition(machineStateOfRow(row), 'fund-escrow', role))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
    const listing = await findListingBrief(db, row.listingId);
    /** 'fund-escrow' with the attempt recorded (an earlier open attempt is superseded), in one transaction. */
    const open: FundingOpener = async (step) => {
      const applied = await inTransaction(db, async (tx) => {
        const result = await transitions.applyInTx(
          tx,
          dealId,
          'fund-escrow',
          { role: 'buyer', userId: user.id },
          {},
        );
        await step.recordAttempt(tx);
        if (step.escrowTransactionId)
          await updateDeal(tx, dealId, { escrowTransactionId: step.escrowTransactionId });
        await announcements.announceTransition(tx, result.after, 'fund-escrow');
        await step.announceFunding(tx);
        return result;
      });
      await transitions.afterCommit(applied);
    };
    return escrow.fund({
      user,
      deal: row,
      body,
      title: listing?.title ?? 'Deal',
      partiesOf: () => announcements.partiesOf(row),
      open,
    });
  }

  /**
   * Money for a deal arrived or will not (escrow's announcement, in its transaction): the deal row
   * locked first, then the transition, and escrow is told whether it happened.
   */
  async function recordFundingOutcome(event: DealFundingOutcome): Promise<void> {
    const { tx, dealId } = event;
    if (!(await findDealForUpdate(tx, dealId))) return event.reply('no-deal');
    if (!event.record) return event.reply('refused');
    if (event.stillDue && !(await event.stillDue())) return event.reply('not-due');
    const applied = await transitions.fireInTx(
      tx,
      dealId,
      event.outcome === 'funded' ? 'escrow-funded' : 'funding-failed',
      { role: event.actor, userId: null },
      { escrowPaymentId: event.escrowPaymentId, source: event.source },
    );
    event.reply(applied ? 'recorded' : 'refused');
  }

  /** Listens to escrow's funding outcomes. */
  function listen(events: AppEventBus): void {
    events.on('escrow.funding-outcome', recordFundingOutcome);
  }

  /** Re-reads an escrow-provider transaction and records what it says, then its follow-up work. */
  async function syncProviderTransaction(transactionId: string): Promise<void> {
    await escrow.syncProviderTransaction(transactionId);
    await ctx.whenIdle();
  }

  return { fundEscrow, syncProviderTransaction, listen };
}

export type DealFunding = ReturnType<typeof createDealFunding>;
