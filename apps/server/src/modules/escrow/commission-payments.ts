import { commissionShare, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS, move, paymentBooks } from './deal-accounts.ts';
import type { DealMoneyContext, DealMoneyFacts } from './deal-money.ts';

/**
 * The money of a commission paid after completion: the checkout of a party's share, closing pages of
 * an old share, the payment's booking (cash → commission revenue), and giving back what was paid
 * beyond the commission. The deals module keeps the payer choice and counts the paid shares
 * (`escrow.commission-paid` / `escrow.commission-refunded`, in the booking transaction).
 */
export function createCommissionPayments(
  ctx: Pick<DealMoneyContext, 'ledger' | 'payments' | 'events' | 'logError'>,
) {
  const { ledger, payments, events } = ctx;

  // A commission payment is platform revenue: a paid commission checkout is booked cash → commission
  // revenue, a refund comes out of refunds; then the paid share counts toward the deal's commission.
  const commissionBooks = paymentBooks(ledger, 'payment_received', {
    received: (_payment, cents) => move(DEAL_ACCOUNTS.cashProvider, DEAL_ACCOUNTS.revenueCommission, cents),
    refunded: (_payment, cents) => move(DEAL_ACCOUNTS.refunds, DEAL_ACCOUNTS.cashProvider, cents),
  });
  events.on('payment.checkout-paid', async ({ tx, payment, booking, firstTime, booked }) => {
    if (payment.purpose !== 'commission') return;
    await commissionBooks.paymentReceived(booking, tx);
    booked();
    if (firstTime)
      await events.emit('escrow.commission-paid', {
        tx,
        dealId: payment.targetId,
        userId: payment.userId,
        amountCents: payment.amountCents,
      });
  });
  events.on('payment.checkout-refunded', async ({ tx, payment, booking, booked }) => {
    if (payment.purpose !== 'commission') return;
    await commissionBooks.paymentRefunded(booking, tx);
    booked();
    await events.emit('escrow.commission-refunded', {
      tx,
      dealId: payment.targetId,
      userId: payment.userId,
      amountCents: booking.amountCents,
    });
  });
  // After the booking committed: what was paid beyond the commission goes back.
  events.on('payment.checkout-booked', async ({ payment }) => {
    if (payment.purpose === 'commission')
      await events.emit('escrow.commission-booked', { dealId: payment.targetId });
  });

  /** A checkout for the caller's share of a deal's commission. */
  async function startCommissionCheckout(input: {
    user: SessionUser;
    dealId: string;
    shareCents: number;
    title: string | undefined;
    payer: string;
  }): Promise<{ url: string }> {
    try {
      const { url } = await payments.startCheckout({
        user: input.user,
        purpose: 'commission',
        targetType: 'deal',
        targetId: input.dealId,
        amountCents: input.shareCents,
        description: `Commission for ${input.title ?? 'deal'}`,
        metadata: { payer: input.payer },
        successPath: '/deals?commission=success',
        cancelPath: '/deals?commission=cancelled',
      });
      return { url };
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT')
        throw new AppError('CONFLICT', DEAL_MESSAGES.commissionSettled);
      throw err;
    }
  }

  /**
   * The shares changed: each party's open commission page asks for an old share, so it is closed at
   * the provider before anyone pays it. A page that fails to close and is paid later is booked, and
   * what it paid beyond the commission goes back (refundCommissionExcess).
   */
  async function closeCommissionPages(deal: Pick<DealMoneyFacts, 'id' | 'buyerUserId' | 'sellerUserId'>) {
    for (const userId of [deal.buyerUserId, deal.sellerUserId])
      await payments
        .closeCheckout({ userId, purpose: 'commission', targetType: 'deal', targetId: deal.id })
        .catch((err) => ctx.logError('closing a commission page of an old share failed', err));
  }

  /**
   * What the parties paid beyond the deal's commission (a page of an old share paid after the payer
   * changed) goes back to whoever paid more than their share, once: each refund is named after the
   * payment it returns, so a retry after a crash finds it instead of paying it again.
   */
  async function refundCommissionExcess(deal: DealMoneyFacts): Promise<void> {
    const dealId = deal.id;
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

  return { startCommissionCheckout, closeCommissionPages, refundCommissionExcess };
}

export type CommissionPayments = ReturnType<typeof createCommissionPayments>;
