import type { PayoutStatement } from '@app/shared/deals/deals.schemas';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS } from '../escrow/index.ts';
import type { DealContext } from './deal-context.ts';
import { findCompaniesOf, findDealsWithListingTitles, findUserBriefs } from './deals.repository.ts';

/**
 * GET /api/deals/payouts: the seller's statement for a period (UTC days, inclusive), built from the
 * ledger: each released deal's value, the fees and commission taken from it, and what was paid out.
 */
export async function payoutStatement(
  deps: Pick<DealContext, 'db' | 'ledger'>,
  user: SessionUser,
  query: { from: string; to: string },
): Promise<PayoutStatement> {
  const { db, ledger } = deps;
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const toExclusive = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000);
  // Each credit to the seller's payable account that a deal's transaction booked.
  const credits = (
    await ledger.listCreditsTo(DEAL_ACCOUNTS.payableSeller(user.id), { from, toExclusive })
  ).filter((c) => c.referenceType === 'deal' && c.referenceId !== null);
  const dealsById = new Map(
    (await findDealsWithListingTitles(db, [...new Set(credits.map((c) => c.referenceId as string))])).map(
      (d) => [d.id, d],
    ),
  );
  const rows = credits.flatMap((c) => {
    const deal = dealsById.get(c.referenceId as string);
    return deal ? [{ deal, releasedAt: c.createdAt, paidOutCents: -c.amountCents }] : [];
  });
  const buyerIds = [...new Set(rows.map((r) => r.deal.buyerUserId))];
  const buyers = await findCompaniesOf(db, buyerIds);
  const buyerUsers = await findUserBriefs(db, buyerIds);
  const lines = rows.map(({ deal, releasedAt, paidOutCents }) => {
    const commissionCents = deal.commissionDeductedCents;
    return {
      dealId: deal.id,
      listingTitle: deal.listingTitle ?? 'Listing removed',
      buyer:
        buyers.find((c) => c.userId === deal.buyerUserId)?.companyName ??
        buyerUsers.find((u) => u.id === deal.buyerUserId)?.name ??
        'Buyer',
      releasedAt: releasedAt.toISOString(),
      dealValueCents: deal.dealValueCents,
      // Whatever the ledger did not pay out of the deal's value, besides the commission, was a fee.
      feesCents: Math.max(0, deal.dealValueCents - commissionCents - paidOutCents),
      commissionCents,
      paidOutCents,
    };
  });
  const sum = (key: 'dealValueCents' | 'feesCents' | 'commissionCents' | 'paidOutCents') =>
    lines.reduce((n, l) => n + l[key], 0);
  return {
    from: query.from,
    to: query.to,
    lines,
    totals: {
      dealValueCents: sum('dealValueCents'),
      feesCents: sum('feesCents'),
      commissionCents: sum('commissionCents'),
      paidOutCents: sum('paidOutCents'),
    },
  };
}
