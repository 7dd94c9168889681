import { type DealTransition, dealRoleOf } from '@app/shared/deals/deal-machine';
import { DEAL_CONSTANTS, type Deal, dealTypeOf, type EscrowPayment } from '@app/shared/deals/deals.schemas';
import { dealLedgerKeys, type EscrowPaymentRow } from '../escrow/index.ts';
import { claimOpenUntil, claimWindowsOf } from './deal-claim-windows.ts';
import { type ClaimRow, findLatestClaimsOfDeals } from './deal-claims.repository.ts';
import { type DealContext, RELEASES } from './deal-context.ts';
import {
  type DealRow,
  findCompaniesOf,
  findListingBriefs,
  findMilestoneEvents,
  findUserBriefs,
} from './deals.repository.ts';

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

/** What showing deals uses. */
export type ViewDeps = Pick<DealContext, 'clock' | 'db' | 'escrow' | 'ledger' | 'settings'>;

/** The API shape of deals for one viewer (null: an administrator looking on). */
export async function toViews(deps: ViewDeps, rows: DealRow[], viewerId: string | null): Promise<Deal[]> {
  const { clock, db, escrow, ledger, settings } = deps;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.flatMap((r) => [r.buyerUserId, r.sellerUserId]))];
  const now = clock.now();
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
      claimWindowsOf(settings),
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

export async function toView(deps: ViewDeps, row: DealRow, viewerId: string | null): Promise<Deal> {
  const [view] = await toViews(deps, [row], viewerId);
  return view;
}
