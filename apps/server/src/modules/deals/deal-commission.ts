import { commissionCollectable, dealRoleOf } from '@app/shared/deals/deal-machine';
import {
  type CommissionPayer,
  commissionChoiceIsProposal,
  commissionShare,
  DEAL_MESSAGES,
  type PayCommissionResult,
} from '@app/shared/deals/deals.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS, move, paymentBooks } from '../escrow/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import { type DealContext, JOB_BATCH, machineStateOfRow, notFound } from './deal-context.ts';
import type { DealViews } from './deal-views.ts';
import {
  type DealRow,
  findDeal,
  findDealForUpdate,
  findListingBrief,
  listOverpaidCommissionDeals,
  updateDeal,
} from './deals.repository.ts';

/**
 * The commission paid after completion (when it was not paid with the funding nor taken at release):
 * the payer choice and its consent, the checkout for the caller's share, and the payment's booking.
 */
export function createDealCommission(ctx: DealContext, parts: { views: DealViews }) {
  const { db, clock, ledger, payments } = ctx;
  const { views } = parts;

  // A commission payment is platform revenue: the payment-succeeded hook books cash → commission
  // revenue, a refund comes out of refunds; then the paid share counts toward the deal's commission.
  payments.registerPurposeHandler('commission', {
    books: paymentBooks(ledger, 'payment_received', {
      received: (_payment, cents) => move(DEAL_ACCOUNTS.cashProvider, DEAL_ACCOUNTS.revenueCommission, cents),
      refunded: (_payment, cents) => move(DEAL_ACCOUNTS.refunds, DEAL_ACCOUNTS.cashProvider, cents),
    }),
    onSucceeded: (payment, tx) => onCommissionPaid(payment, tx),
    onRefunded: (payment, cents, tx) => onCommissionRefunded(payment, cents, tx),
    afterBooked: (payment) => refundCommissionExcess(payment.targetId),
  });

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
      await closeCommissionPages(chosen);
    const payer = chosen.commissionPayer ?? 'buyer';
    const paid = role === 'buyer' ? chosen.commissionPaidBuyerCents : chosen.commissionPaidSellerCents;
    const shareCents = Math.max(0, commissionShare(chosen.commissionCents, payer, role) - paid);
    if (shareCents === 0) return { url: null, shareCents: 0, proposed: false };
    const listing = await findListingBrief(db, row.listingId);
    try {
      const { url } = await payments.startCheckout({
        user,
        purpose: 'commission',
        targetType: 'deal',
        targetId: dealId,
        amountCents: shareCents,
        description: `Commission for ${listing?.title ?? 'deal'}`,
        metadata: { payer },
        successPath: '/deals?commission=success',
        cancelPath: '/deals?commission=cancelled',
      });
      return { url, shareCents, proposed: false };
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT')
        throw new AppError('CONFLICT', DEAL_MESSAGES.commissionSettled);
      throw err;
    }
  }

  /** The commission purpose handler: the paid share counts toward the deal's commission. */
  async function onCommissionPaid(payment: PaymentRow, tx: Db): Promise<void> {
    const deal = await findDealForUpdate(tx, payment.targetId);
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

  /**
   * The shares changed: each party's open commission page asks for an old share, so it is closed at
   * the provider before anyone pays it. A page that fails to close and is paid later is booked, and
   * what it paid beyond the commission goes back (refundCommissionExcess).
   */
  async function closeCommissionPages(deal: DealRow): Promise<void> {
    for (const userId of [deal.buyerUserId, deal.sellerUserId])
      await payments
        .closeCheckout({ userId, purpose: 'commission', targetType: 'deal', targetId: deal.id })
        .catch((err) => ctx.logError('closing a commission page of an old share failed', err));
  }

  /** A refunded commission payment no longer counts toward the party's share. */
  async function onCommissionRefunded(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void> {
    const deal = await findDealForUpdate(tx, payment.targetId);
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

  /**
   * What the parties paid beyond the deal's commission (a page of an old share paid after the payer
   * changed) goes back to whoever paid more than their share, once: each refund is named after the
   * payment it returns, so a retry after a crash finds it instead of paying it again.
   */
  async function refundCommissionExcess(dealId: string): Promise<void> {
    const deal = await findDeal(db, dealId);
    if (!deal) return;
    let excess = deal.commissionPaidBuyerCents + deal.commissionPaidSellerCents - deal.commissionCents;
    const payer = deal.commissionPayer ?? 'buyer';
    for (const party of ['seller', 'buyer'] as const) {
      const paid = party === 'buyer' ? deal.commissionPaidBuyerCents : deal.commissionPaidSellerCents;
      const amountCents = Math.min(excess, paid - commissionShare(deal.commissionCents, payer, party));
      if (amountCents <= 0) continue;
      const userId = party === 'buyer' ? deal.buyerUserId : deal.sellerUserId;
      const payment = (await payments.listPayments(userId)).find(
        (p) => p.purpose === 'commission' && p.targetId === dealId && p.amountCents > p.refundedCents,
      );
      if (!payment) continue;
      await payments.refundPayment(payment.id, {
        refundKey: `commission-excess:${payment.id}`,
        amountCents: Math.min(amountCents, payment.amountCents - payment.refundedCents),
        failureMessage: DEAL_MESSAGES.refundEscrowFailed,
      });
      excess -= amountCents;
    }
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

  return { payCommission, runCommissionExcessRefunds };
}
