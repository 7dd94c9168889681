import { claimSettlementPayouts } from '@app/shared/deals/claim-machine';
import type { Db } from '../../db/client.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, move } from './deal-accounts.ts';
import { fundingHandlerFor } from './deal-funding-methods.ts';
import type { DealMoneyChanges, DealMoneyFacts, DealMoneyPayload } from './deal-money.ts';
import { type EscrowPaymentRow, updateEscrowPayment } from './escrow-payments.repository.ts';
import { escrowMismatch, type PostingDeps } from './escrow-targets.ts';

/**
 * settle-claim: one balanced transaction splits the held escrow as the claim says. The seller's part
 * goes to what they are owed, less the commission on it not yet paid; commission the buyer paid with
 * the funding above what the smaller payout owes goes back with the buyer's part. A plain wire's part
 * is owed to the buyer at once; a card or Klarna part stays in escrow until the payment provider
 * refunds it after the commit (its payment-refunded hook books it out). The processing fee stays
 * earned: the money was moved.
 */
export async function bookClaimSettlement(
  deps: PostingDeps,
  tx: Db,
  before: DealMoneyFacts,
  after: DealMoneyFacts,
  payment: EscrowPaymentRow,
  held: number,
  payload: DealMoneyPayload,
): Promise<DealMoneyChanges> {
  const { ledger, clock } = deps;
  const dealId = after.id;
  const now = clock.now();
  const settlement = payload.claimSettlement;
  if (!settlement || settlement.buyerRefundCents + settlement.sellerPayoutCents !== held)
    throw escrowMismatch(
      deps,
      dealId,
      held,
      settlement ? settlement.buyerRefundCents + settlement.sellerPayoutCents : null,
      'settle-claim',
    );
  const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
  const keys = await ledger.findPostedKeys(
    [dealLedgerKeys.commission(dealId), dealLedgerKeys.commissionReversal(dealId)],
    tx,
  );
  const commissionPaidCents =
    keys.has(dealLedgerKeys.commission(dealId)) && !keys.has(dealLedgerKeys.commissionReversal(dealId))
      ? payment.commissionCents || before.commissionCents
      : 0;
  const payouts = claimSettlementPayouts({
    split: settlement,
    commissionRateBps: before.commissionRateBps,
    commissionPaidCents,
  });
  const handler = fundingHandlerFor(payment.method);
  // Where the buyer's part goes now: a plain wire's to what the buyer is owed; a card's stays in
  // escrow for the provider's refund.
  const buyerTo = handler?.books.refund === 'transition' ? handler.accounts.refundsTo(after) : escrow;
  const lines = [
    ...move(escrow, DEAL_ACCOUNTS.payableSeller(after.sellerUserId), payouts.sellerReceivesCents),
    ...move(escrow, DEAL_ACCOUNTS.revenueCommission, payouts.commissionDeductedCents),
    ...move(DEAL_ACCOUNTS.revenueCommission, buyerTo, payouts.commissionReturnedCents),
    ...(buyerTo === escrow ? [] : move(escrow, buyerTo, settlement.buyerRefundCents)),
  ].filter((line) => line.amountCents !== 0);
  if (lines.length > 0)
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'claim_settlement',
        description: `Claim ${settlement.claimId} on deal ${dealId} settled: ${settlement.buyerRefundCents} cents to the buyer, ${settlement.sellerPayoutCents} to the seller`,
        reference: { type: 'deal', id: dealId },
        idempotencyKey: dealLedgerKeys.claimSettlement(settlement.claimId),
        lines,
      },
      tx,
    );
  const refundAtProvider =
    buyerTo === escrow && settlement.buyerRefundCents + payouts.commissionReturnedCents > 0;
  await updateEscrowPayment(tx, payment.id, {
    status: settlement.sellerPayoutCents > 0 ? 'released' : 'refunded',
    settledAt: refundAtProvider ? null : now,
    refundDueCents: refundAtProvider ? settlement.buyerRefundCents + payouts.commissionReturnedCents : null,
    updatedAt: now,
  });
  return {
    commissionDeductedCents: payouts.commissionDeductedCents,
    commissionSettledAt: now,
    commissionPayerProposal: null,
    commissionProposedBy: null,
  };
}
