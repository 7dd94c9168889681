import { type DealParty, type DealTransition, dealRoleOf } from '@app/shared/deals/deal-machine';
import {
  DEAL_CONSTANTS,
  type Deal,
  type DealList,
  dealTypeOf,
  type EscrowPayment,
  type PayoutStatement,
} from '@app/shared/deals/deals.schemas';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS, dealLedgerKeys, type EscrowPaymentRow } from '../escrow/index.ts';
import { claimOpenUntil, claimWindowsOf } from './deal-claim-windows.ts';
import { type ClaimRow, findLatestClaimsOfDeals } from './deal-claims.repository.ts';
import { type DealContext, notFound, RELEASES } from './deal-context.ts';
import {
  countDealsByStatus,
  type DealRow,
  findCompaniesOf,
  findDeal,
  findDealsWithListingTitles,
  findListingBriefs,
  findMilestoneEvents,
  findUserBriefs,
  listDealsByStatus,
  listDealsOf,
} from './deals.repository.ts';

const LIST_LIMIT = 200;

/** A deal's newest claim in brief: its status and, once settled, the split. */
function latestClaimOf(claim: ClaimRow | undefined): Deal['latestClaim'] {
  if (!claim) return null;
  const settled = claim.buyerRefundCents !== null && claim.sellerPayoutCents !== null;
  return {
    status: claim.status,
    split: settled
      ? { buyerRefundCents: claim.buyerRefundCents ?? 0, sellerPayoutCents: claim.sellerPayoutCents ?? 0 }
      : null,
  };
}

/** The transitions after which the card's progress reads "Deal Complete": a release, or a claim's settlement. */
const CONCLUSIONS: readonly DealTransition[] = [...RELEASES, 'settle-claim'];

export function toEscrowPaymentView(p: EscrowPaymentRow): EscrowPayment {
  return {
    id: p.id,
    method: p.method,
    status: p.status,
    amountCents: p.amountCents,
    dealValueCents: p.dealValueCents,
    commissionCents: p.commissionCents,
    feeCents: p.feeCents,
    reference: p.reference,
    escrowUrl: p.escrowUrl,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Deals as the API shows them (row → view, for one viewer), who may see a deal, and the reads built
 * on the views: the lists, the seller's payout statement and the dispute count.
 */
export function createDealViews(ctx: DealContext) {
  const { db, ledger, escrow } = ctx;

  /** The API shape of deals for one viewer (null: an administrator looking on). */
  async function toViews(rows: DealRow[], viewerId: string | null): Promise<Deal[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const userIds = [...new Set(rows.flatMap((r) => [r.buyerUserId, r.sellerUserId]))];
    const now = ctx.clock.now();
    const [listingRows, users, companyRows, escrowRows, heldByDeal, keys, milestoneEvents, windows, claims] =
      await Promise.all([
        findListingBriefs(db, [...new Set(rows.map((r) => r.listingId))]),
        findUserBriefs(db, userIds),
        findCompaniesOf(db, userIds),
        escrow.attemptsOfDeals(ids),
        escrow.heldOfDeals(ids),
        ledger.findPostedKeys(
          ids.flatMap((id) => [dealLedgerKeys.commission(id), dealLedgerKeys.commissionReversal(id)]),
        ),
        findMilestoneEvents(db, ids),
        claimWindowsOf(ctx.settings),
        findLatestClaimsOfDeals(db, ids),
      ]);
    const claimOf = new Map(claims.map((c) => [c.dealId, c]));
    const firstAt = (dealId: string, match: (e: (typeof milestoneEvents)[number]) => boolean) =>
      milestoneEvents.find((e) => e.dealId === dealId && match(e))?.createdAt.toISOString() ?? null;
    const party = (userId: string) => {
      const user = users.find((u) => u.id === userId);
      const company = companyRows.find((c) => c.userId === userId);
      return {
        userId,
        name: user?.name ?? null,
        email: user?.email ?? null,
        companyName: company?.companyName ?? user?.company ?? null,
      };
    };
    return rows.map((r) => {
      const listing = listingRows.find((l) => l.id === r.listingId);
      const ep = escrowRows.find((p) => p.dealId === r.id);
      const bookedWithFunding =
        keys.has(dealLedgerKeys.commission(r.id)) && !keys.has(dealLedgerKeys.commissionReversal(r.id));
      const paid = r.commissionPaidBuyerCents + r.commissionPaidSellerCents;
      // Paid with the funding counts as settled even while a wire's commission transfer awaits a
      // retry: that transfer (same ledger key) collects it, so the buyer is never asked twice.
      const settled =
        r.commissionCents === 0 ||
        r.commissionSettledAt !== null ||
        r.commissionIncludedInFunding ||
        bookedWithFunding ||
        paid >= r.commissionCents;
      // An open claim freezes the automatic release until it settles.
      const autoReleaseAt =
        r.status === 'completed' && r.escrowStatus === 'held' && r.shippedAt && !r.openClaimId
          ? new Date(r.shippedAt.getTime() + DEAL_CONSTANTS.autoReleaseDays * 86_400_000).toISOString()
          : null;
      return {
        id: r.id,
        listingId: r.listingId,
        listingTitle: listing?.title ?? 'Listing',
        listingType: listing?.type ?? null,
        buyerUserId: r.buyerUserId,
        sellerUserId: r.sellerUserId,
        buyer: party(r.buyerUserId),
        seller: party(r.sellerUserId),
        dealType: dealTypeOf(r.notes),
        dealValueCents: r.dealValueCents,
        commissionRateBps: r.commissionRateBps,
        commissionCents: r.commissionCents,
        escrowRequired: r.escrowRequired,
        status: r.status,
        escrowStatus: r.escrowStatus,
        buyerConfirmed: r.buyerConfirmed,
        sellerConfirmed: r.sellerConfirmed,
        lastOfferBy: r.lastOfferBy,
        earlyReleaseRequestedBy: r.earlyReleaseRequestedBy,
        escrowTransactionId: r.escrowTransactionId,
        notes: r.notes,
        disputeReason: r.disputeReason,
        disputeOpenedAt: r.disputeOpenedAt?.toISOString() ?? null,
        shippedAt: r.shippedAt?.toISOString() ?? null,
        autoReleaseAt,
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        openClaimId: r.openClaimId,
        latestClaim: latestClaimOf(claimOf.get(r.id)),
        escrowSplittable: r.escrowSplittable,
        claimOpenUntil: claimOpenUntil(r, heldByDeal.get(r.id) ?? 0, windows, now),
        commission: {
          settled,
          includedInFunding: r.commissionIncludedInFunding,
          payer: r.commissionPayer,
          paidCents: { buyer: r.commissionPaidBuyerCents, seller: r.commissionPaidSellerCents },
          deductedCents: r.commissionDeductedCents,
          proposal:
            r.commissionPayerProposal && r.commissionProposedBy
              ? { payer: r.commissionPayerProposal, by: r.commissionProposedBy }
              : null,
        },
        escrowPayment: ep ? toEscrowPaymentView(ep) : null,
        milestones: {
          agreedAt: firstAt(r.id, (e) => e.toStatus === 'agreed'),
          fundedAt: firstAt(r.id, (e) => e.transition === 'escrow-funded'),
          shippedAt: firstAt(r.id, (e) => e.transition === 'ship-goods'),
          // A claim's settlement concludes the deal as a release does, whatever the split.
          releasedAt: firstAt(r.id, (e) => CONCLUSIONS.includes(e.transition as DealTransition)),
        },
        escrowHeldCents: heldByDeal.get(r.id) ?? 0,
        role: dealRoleOf(r, viewerId),
        quantity: r.quantity,
        unit: r.unit,
        impact: r.impactRecordedAt
          ? { deliveredTonnes: r.deliveredTonnes, co2eAvoidedKg: r.co2eAvoidedKg }
          : null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async function toView(row: DealRow, viewerId: string | null): Promise<Deal> {
    const [view] = await toViews([row], viewerId);
    return view;
  }

  /** A deal its parties (and administrators) may see; anybody else gets the not-found answer. */
  async function requireVisible(user: SessionUser, dealId: string): Promise<DealRow> {
    const row = await findDeal(db, dealId);
    if (!row) throw notFound();
    if (dealRoleOf(row, user.id) === null && !(await ctx.isAdmin(user.id))) throw notFound();
    return row;
  }

  /** A deal of which the user is a party, with their role; anybody else gets the not-found answer. */
  async function requireParty(user: SessionUser, dealId: string): Promise<{ row: DealRow; role: DealParty }> {
    const row = await findDeal(db, dealId);
    const role = row ? dealRoleOf(row, user.id) : null;
    if (!row || !role) throw notFound();
    return { row, role };
  }

  /** GET /api/deals: the user's deals as buyer or seller, newest first. */
  async function listDeals(user: SessionUser): Promise<DealList> {
    return { deals: await toViews(await listDealsOf(db, user.id, LIST_LIMIT), user.id) };
  }

  /** GET /api/deals/:id. */
  async function getDeal(user: SessionUser, dealId: string): Promise<Deal> {
    return toView(await requireVisible(user, dealId), user.id);
  }

  /** GET /api/admin/deals: disputed deals (or all), newest first. */
  async function adminListDeals(status: 'disputed' | 'all'): Promise<DealList> {
    return {
      deals: await toViews(await listDealsByStatus(db, status === 'all' ? null : status, LIST_LIMIT), null),
    };
  }

  /**
   * GET /api/deals/payouts: the seller's statement for a period (UTC days, inclusive), built from the
   * ledger: each released deal's value, the fees and commission taken from it, and what was paid out.
   */
  async function payoutStatement(
    user: SessionUser,
    query: { from: string; to: string },
  ): Promise<PayoutStatement> {
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

  /** Deals in dispute, waiting for an administrator (the admin dashboard count). */
  async function countOpenDisputes(): Promise<number> {
    return countDealsByStatus(db, 'disputed');
  }

  return {
    toViews,
    toView,
    requireVisible,
    requireParty,
    listDeals,
    getDeal,
    adminListDeals,
    payoutStatement,
    countOpenDisputes,
  };
}

export type DealViews = ReturnType<typeof createDealViews>;
