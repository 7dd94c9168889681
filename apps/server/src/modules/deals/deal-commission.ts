import { commissionCollectable, dealRoleOf } from '@app/shared/deals/deal-machine';
import {
  type CommissionPayer,
  commissionChoiceIsProposal,
  commissionShare,
  DEAL_MESSAGES,
  type PayCommissionResult,
} from '@app/shared/deals/deals.schemas';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { DealCommissionPayment, DealMoneyFacts } from '../escrow/index.ts';
import { type DealContext, JOB_BATCH, machineStateOfRow, notFound } from './deal-context.ts';
import type { DealViews } from './deal-views.ts';
import {
  findDeal,
  findDealForUpdate,
  findListingBrief,
  listOverpaidCommissionDeals,
  updateDeal,
} from './deals.repository.ts';

/**
 * The commission paid after completion (when it was not paid with the funding nor taken at release):
 * the payer choice and its consent, and the shares paid. The escrow module takes the money (the
 * checkout of the caller's share, its booking, refunds of what was paid beyond the commission) and
 * tells this part of each payment (`escrow.commission-paid`, `escrow.commission-refunded`).
 */
export function createDealCommission(ctx: DealContext, parts: { views: DealViews }) {
  const { db, clock, escrow } = ctx;
  const { views } = parts;

  /** Listens to escrow's commission payments. */
  function listen(events: AppEventBus): void {
    events.on('escrow.commission-paid', onCommissionPaid);
    events.on('escrow.commission-refunded', onCommissionRefunded);
    events.on('escrow.commission-booked', ({ dealId }) => refundCommissionExcess(dealId));
  }

  /**
   * POST /api/deals/:id/commission: the caller's payer choice, then a checkout for their share. The
   * buyer pays by default; a choice shifting commission onto the other party waits for their consent.
   */
  async function payCommission(
    user: SessionUser,
    dealId: string,
    body: { payer?: CommissionPayer },
  ): Promise<PayCommissionResult> {
    const { row, role } = await views.requireParty(user, dealId);
    if (!commissionCollectable(machineStateOfRow(row)))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
    const [view] = await views.toViews([row], user.id);
    if (view.commission.settled) throw new AppError('CONFLICT', DEAL_MESSAGES.commissionSettled);
    const decided = await inTransaction(db, async (tx) => {
      const locked = await findDealForUpdate(tx, dealId);
      if (!locked) throw notFound();
      const agreed = locked.commissionPayer ?? 'buyer';
      const wanted = body.payer ?? agreed;
      const now = clock.now();
      const proposal = commissionChoiceIsProposal(
        {
          amountCents: locked.commissionCents,
          agreed: locked.commissionPayer,
          paidCents: { buyer: locked.commissionPaidBuyerCents, seller: locked.commissionPaidSellerCents },
        },
        role,
        wanted,
      );
      if (!proposal) {
        // Taking more on yourself, or accepting the other party's proposal, applies at once; keeping
        // the agreed payer withdraws a proposal of one's own.
        const changes = wanted !== agreed || locked.commissionProposedBy === role;
        const row = changes
          ? ((await updateDeal(tx, dealId, {
              commissionPayer: wanted === agreed ? locked.commissionPayer : wanted,
              commissionPayerProposal: null,
              commissionProposedBy: null,
              updatedAt: now,
            })) ?? locked)
          : locked;
        return { row, proposed: false };
      }
      const row =
        (await updateDeal(tx, dealId, {
          commissionPayerProposal: wanted,
          commissionProposedBy: role,
          updatedAt: now,
        })) ?? locked;
      return { row, proposed: true };
    });
    if (decided.proposed) return { url: null, shareCents: 0, proposed: true };
    const chosen = decided.row;
    if ((chosen.commissionPayer ?? 'buyer') !== (row.commissionPayer ?? 'buyer'))
      await escrow.closeCommissionPages(chosen);
    const payer = chosen.commissionPayer ?? 'buyer';
    const paid = role === 'buyer' ? chosen.commissionPaidBuyerCents : chosen.commissionPaidSellerCents;
    const shareCents = Math.max(0, commissionShare(chosen.commissionCents, payer, role) - paid);
    if (shareCents === 0) return { url: null, shareCents: 0, proposed: false };
    const listing = await findListingBrief(db, row.listingId);
    const { url } = await escrow.startCommissionCheckout({
      user,
      dealId,
      shareCents,
      title: listing?.title,
      payer,
    });
    return { url, shareCents, proposed: false };
  }

  /** A party's commission payment booked: the paid share counts toward the deal's commission. */
  async function onCommissionPaid(payment: DealCommissionPayment): Promise<void> {
    const { tx } = payment;
    const deal = await findDealForUpdate(tx, payment.dealId);
    if (!deal) return;
    const party = dealRoleOf(deal, payment.userId);
    if (!party) return;
    const paidBuyer = deal.commissionPaidBuyerCents + (party === 'buyer' ? payment.amountCents : 0);
    const paidSeller = deal.commissionPaidSellerCents + (party === 'seller' ? payment.amountCents : 0);
    const now = clock.now();
    await updateDeal(tx, deal.id, {
      commissionPaidBuyerCents: paidBuyer,
      commissionPaidSellerCents: paidSeller,
      commissionSettledAt: paidBuyer + paidSeller >= deal.commissionCents ? now : deal.commissionSettledAt,
      updatedAt: now,
    });
  }

  /** A refunded commission payment no longer counts toward the party's share. */
  async function onCommissionRefunded(payment: DealCommissionPayment): Promise<void> {
    const { tx, amountCents: refundedCents } = payment;
    const deal = await findDealForUpdate(tx, payment.dealId);
    const party = deal && dealRoleOf(deal, payment.userId);
    if (!deal || !party) return;
    const paidBuyer = Math.max(0, deal.commissionPaidBuyerCents - (party === 'buyer' ? refundedCents : 0));
    const paidSeller = Math.max(0, deal.commissionPaidSellerCents - (party === 'seller' ? refundedCents : 0));
    await updateDeal(tx, deal.id, {
      commissionPaidBuyerCents: paidBuyer,
      commissionPaidSellerCents: paidSeller,
      commissionSettledAt: paidBuyer + paidSeller >= deal.commissionCents ? deal.commissionSettledAt : null,
      updatedAt: clock.now(),
    });
  }

  /** What the parties paid beyond the deal's commission goes back (escrow finds the payments and refunds). */
  async function refundCommissionExcess(dealId: string): Promise<void> {
    const deal: DealMoneyFacts | undefined = await findDeal(db, dealId);
    if (deal) await escrow.refundCommissionExcess(deal);
  }

  /** The escrow job's sweep: commissions paid beyond their amount whose refund did not happen yet. */
  async function runCommissionExcessRefunds(): Promise<{ refunded: number }> {
    let refunded = 0;
    for (const dealId of await listOverpaidCommissionDeals(db, JOB_BATCH)) {
      try {
        await refundCommissionExcess(dealId);
        refunded += 1;
      } catch (err) {
        ctx.logError('commission excess refund failed', err);
      }
    }
    return { refunded };
  }

  return { payCommission, runCommissionExcessRefunds, listen };
}
