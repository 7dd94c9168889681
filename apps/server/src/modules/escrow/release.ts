import { payoutAfterCommission } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, move } from './deal-accounts.ts';
import type { DealMoneyChanges, DealMoneyFacts } from './deal-money.ts';
import { type EscrowPaymentRow, updateEscrowPayment } from './escrow-payments.repository.ts';
import type { PostingDeps } from './escrow-targets.ts';

/** A release: the payout to the seller, less a commission nobody paid yet. */
export async function bookRelease(
  deps: Pick<PostingDeps, 'ledger' | 'clock'>,
  tx: Db,
  after: DealMoneyFacts,
  payment: EscrowPaymentRow | undefined,
  releaseCents: number,
): Promise<DealMoneyChanges | null> {
  const { ledger, clock } = deps;
  const dealId = after.id;
  const now = clock.now();
  const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
  const reference = { type: 'deal', id: dealId };
  let changes: DealMoneyChanges | null = null;
  // A commission nobody paid yet is taken from the seller's payout: every released deal pays it.
  // The release dialog's rule (releasePayout), on the amount the funding holds.
  const { deductedCents: deductCents, sellerReceivesCents: payoutCents } = payoutAfterCommission(
    releaseCents,
    await commissionOwedAtRelease(deps, tx, after),
  );
  if (payoutCents > 0) {
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'escrow_release',
        description: `Escrow of deal ${dealId} released to the seller`,
        reference,
        idempotencyKey: dealLedgerKeys.release(dealId),
        lines: move(escrow, DEAL_ACCOUNTS.payableSeller(after.sellerUserId), payoutCents),
      },
      tx,
    );
  }
  if (deductCents > 0) {
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'commission',
        description: `Commission of deal ${dealId}, deducted from the seller's payout at release`,
        reference,
        idempotencyKey: dealLedgerKeys.commission(dealId),
        lines: move(escrow, DEAL_ACCOUNTS.revenueCommission, deductCents),
      },
      tx,
    );
    changes = {
      commissionDeductedCents: deductCents,
      commissionSettledAt: now,
      commissionPayerProposal: null,
      commissionProposedBy: null,
    };
  }
  if (payment)
    await updateEscrowPayment(tx, payment.id, { status: 'released', settledAt: now, updatedAt: now });
  return changes;
}

/** The commission still unpaid when escrow is released (none when it was paid with the funding or since). */
async function commissionOwedAtRelease(
  deps: Pick<PostingDeps, 'ledger'>,
  tx: Db,
  deal: DealMoneyFacts,
): Promise<number> {
  const { ledger } = deps;
  if (deal.commissionCents === 0 || deal.commissionIncludedInFunding || deal.commissionSettledAt) return 0;
  const keys = await ledger.findPostedKeys([dealLedgerKeys.commission(deal.id)], tx);
  if (keys.has(dealLedgerKeys.commission(deal.id))) return 0;
  return Math.max(0, deal.commissionCents - deal.commissionPaidBuyerCents - deal.commissionPaidSellerCents);
}
