import { DEAL_MESSAGES, type Deal, type DealActionBody } from '@app/shared/deals/deals.schemas';
import { dollarsToCents } from '@app/shared/money/money';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { createDealAnnouncements } from './deal-announcements.ts';
import { createDealClaims } from './deal-claims.ts';
import { createDealCommission } from './deal-commission.ts';
import {
  assertNotBlocked,
  createDealContext,
  type DealsDeps,
  type DealTransitionPayload,
} from './deal-context.ts';
import { assertDealValue, createDealCreation } from './deal-creation.ts';
import { createDealFunding } from './deal-funding.ts';
import { createDealQuantities } from './deal-quantities.ts';
import { createDealTimedWork } from './deal-timed-work.ts';
import { createDealTransitions } from './deal-transitions.ts';
import { createDealViews } from './deal-views.ts';
import { listEscrowCandidates } from './deals.repository.ts';

export type {
  DealActorRef,
  DealImpactAssessor,
  DealsDeps,
  DealTransitionPayload,
} from './deal-context.ts';

export type DealsService = ReturnType<typeof createDealsService>;

/**
 * Deals between a buyer and a listing's owner, composed of its parts: the transition engine
 * (deal-transitions: every state change through the shared machine with the row locked), the ledger
 * postings of money transitions (deal-postings), funding by card, Klarna, escrow-provider wire or
 * plain wire (deal-funding, one handler per method in deal-funding-methods), the commission
 * (deal-commission), the API views (deal-views), creation (deal-creation) and the timed work
 * (deal-timed-work). This file wires them and holds the party and administrator actions.
 */
export function createDealsService(deps: DealsDeps) {
  const ctx = createDealContext(deps);
  const announcements = createDealAnnouncements(ctx);
  const quantities = createDealQuantities(ctx);
  const views = createDealViews(ctx);
  const transitions = createDealTransitions(ctx, { announcements, quantities });
  const funding = createDealFunding(ctx, { transitions, announcements, views });
  const commission = createDealCommission(ctx, { views });
  const creation = createDealCreation(ctx, { announcements, quantities, views });
  const timedWork = createDealTimedWork(ctx, { transitions });
  // Escrow tells the deal of its money: funding outcomes and commission payments, in their transactions.
  if (deps.events) {
    funding.listen(deps.events);
    commission.listen(deps.events);
  }

  /** Every deal whose escrow account holds something other than what the deal says. */
  const findEscrowMismatches = () =>
    ctx.escrow.findEscrowMismatches((balances) => listEscrowCandidates(ctx.db, balances));
  const claims = createDealClaims(ctx, { transitions, announcements, views });

  /** POST /api/deals/:id/actions: one party action through the machine. */
  async function act(user: SessionUser, dealId: string, body: DealActionBody): Promise<Deal> {
    const { row: deal, role } = await views.requireParty(user, dealId);
    // Under a block the negotiation stops (no new value, no agreement); rejecting, cancelling and a
    // deal whose money is already moving go on, so nobody's escrow is stranded.
    if (body.action === 'counter-offer' || body.action === 'confirm')
      await assertNotBlocked(
        ctx,
        user.id,
        deal.buyerUserId === user.id ? deal.sellerUserId : deal.buyerUserId,
      );
    const payload: DealTransitionPayload = {};
    if (body.action === 'counter-offer') {
      payload.valueCents = dollarsToCents(body.dealValue);
      assertDealValue(payload.valueCents);
    }
    if (body.action === 'open-dispute') {
      payload.reason = body.reason.trim();
      if (!payload.reason) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.disputeReasonRequired);
    }
    const row = await transitions.applyDealTransition(
      dealId,
      body.action,
      { role, userId: user.id },
      payload,
    );
    return views.toView(row, user.id);
  }

  /** POST /api/admin/deals/:id/actions: an administrator resolves a dispute (or refunds a cancelled deal). */
  async function adminAct(
    admin: SessionUser,
    dealId: string,
    action: 'release-escrow' | 'refund-escrow',
  ): Promise<Deal> {
    const row = await transitions.applyDealTransition(
      dealId,
      action,
      { role: 'admin', userId: admin.id },
      {},
      { actor: admin, action: `deal.${action}`, targetType: 'deal', targetId: dealId },
    );
    return views.toView(row, null);
  }

  return {
    applyDealTransition: transitions.applyDealTransition,
    listDeals: views.listDeals,
    getDeal: views.getDeal,
    adminListDeals: views.adminListDeals,
    countOpenDisputes: views.countOpenDisputes,
    findEscrowMismatches,
    payoutStatement: views.payoutStatement,
    createDeal: creation.createDeal,
    buyNow: creation.buyNow,
    act,
    adminAct,
    fundEscrow: funding.fundEscrow,
    payCommission: commission.payCommission,
    runCommissionExcessRefunds: commission.runCommissionExcessRefunds,
    syncProviderTransaction: funding.syncProviderTransaction,
    runAutoRelease: timedWork.runAutoRelease,
    runEscrowSync: timedWork.runEscrowSync,
    runEscrowClaimReconcile: timedWork.runEscrowClaimReconcile,
    claims,
    whenIdle: ctx.whenIdle,
  };
}
