import type { ClaimActor } from '@app/shared/deals/claim-machine';
import {
  ADMIN_CLAIMS_PAGE_SIZE,
  type AdminClaimList,
  type AdminClaimsQuery,
  CLAIM_MESSAGES,
  type ClaimDetail,
  type ClaimList,
} from '@app/shared/deals/deal-claims.schemas';
import { dealRoleOf } from '@app/shared/deals/deal-machine';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { ClaimDeps } from './claim-context.ts';
import { toDetails } from './claim-details.ts';
import {
  countAllClaims,
  countClaimsAwaitingDecision,
  findClaim,
  listAllClaims,
  listClaimsAwaitingDecision,
  listClaimsOfDeal,
} from './deal-claims.repository.ts';
import { notFound } from './deal-context.ts';
import {
  type DealRow,
  findCompaniesOf,
  findDeal,
  findDealsByIds,
  findListingBriefs,
  findUserBriefs,
} from './deals.repository.ts';

/** What reading claims uses. */
export type ClaimReadDeps = Pick<
  ClaimDeps,
  'clock' | 'db' | 'escrow' | 'isAdmin' | 'ledger' | 'privateFiles' | 'settings'
>;

/** Who the viewer is to a claim's deal: a party, an administrator, or nobody (404). */
async function viewerRole(
  deps: Pick<ClaimDeps, 'isAdmin'>,
  user: SessionUser,
  deal: DealRow,
): Promise<ClaimActor> {
  const { isAdmin } = deps;
  const role = dealRoleOf(deal, user.id);
  if (role) return role;
  if (await isAdmin(user.id)) return 'admin';
  throw notFound();
}

/** GET /api/deals/:id/claims: the deal's claims with their timelines, for a party or an administrator. */
export async function listClaims(deps: ClaimReadDeps, user: SessionUser, dealId: string): Promise<ClaimList> {
  const { db } = deps;
  const deal = await findDeal(db, dealId);
  if (!deal) throw notFound();
  const role = await viewerRole(deps, user, deal);
  const claims = await listClaimsOfDeal(db, dealId);
  return { claims: await toDetails(deps, claims, new Map([[deal.id, deal]]), () => role) };
}

export async function claimDetail(
  deps: ClaimReadDeps,
  claimId: string,
  user: SessionUser,
): Promise<ClaimDetail> {
  const { db } = deps;
  const claim = await findClaim(db, claimId);
  const deal = claim ? await findDeal(db, claim.dealId) : undefined;
  if (!claim || !deal) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.claimNotFound);
  const role = await viewerRole(deps, user, deal);
  const [detail] = await toDetails(deps, [claim], new Map([[deal.id, deal]]), () => role);
  return detail;
}

/** GET /api/admin/claims: claims waiting for a decision (or every claim), with their deals in context. */
export async function adminListClaims(
  deps: Pick<ClaimDeps, 'clock' | 'db' | 'escrow' | 'ledger' | 'privateFiles' | 'settings'>,
  { status, page }: AdminClaimsQuery,
): Promise<AdminClaimList> {
  const { clock, db } = deps;
  const window = { limit: ADMIN_CLAIMS_PAGE_SIZE, offset: (page - 1) * ADMIN_CLAIMS_PAGE_SIZE };
  const now = clock.now();
  const [claims, total] = await Promise.all(
    status === 'all'
      ? [listAllClaims(db, window), countAllClaims(db)]
      : [listClaimsAwaitingDecision(db, now, window), countClaimsAwaitingDecision(db, now)],
  );
  const dealRows = await findDealsByIds(db, [...new Set(claims.map((c) => c.dealId))]);
  const dealsById = new Map(dealRows.map((d) => [d.id, d]));
  const userIds = [...new Set(dealRows.flatMap((d) => [d.buyerUserId, d.sellerUserId]))];
  const [details, listings, users, companies] = await Promise.all([
    toDetails(deps, claims, dealsById, () => 'admin'),
    findListingBriefs(db, [...new Set(dealRows.map((d) => d.listingId))]),
    findUserBriefs(db, userIds),
    findCompaniesOf(db, userIds),
  ]);
  const party = (userId: string) => {
    const user = users.find((u) => u.id === userId);
    const company = companies.find((c) => c.userId === userId);
    return { userId, name: user?.name ?? null, companyName: company?.companyName ?? user?.company ?? null };
  };
  return {
    claims: details.flatMap((detail) => {
      const deal = dealsById.get(detail.dealId);
      if (!deal) return [];
      return [
        {
          ...detail,
          listingId: deal.listingId,
          listingTitle: listings.find((l) => l.id === deal.listingId)?.title ?? 'Listing',
          quantity: deal.quantity,
          unit: deal.unit,
          buyer: party(deal.buyerUserId),
          seller: party(deal.sellerUserId),
          dealValueCents: deal.dealValueCents,
          currency: 'USD' as const,
        },
      ];
    }),
    total,
    page,
    pageSize: ADMIN_CLAIMS_PAGE_SIZE,
  };
}

/** How many claims wait for an administrator: the admin dashboard's count. */
export const countAwaitingDecision = (deps: Pick<ClaimDeps, 'db' | 'clock'>) =>
  countClaimsAwaitingDecision(deps.db, deps.clock.now());

/** Who may read a claim's evidence besides its uploader and administrators: the deal's two parties. */
export async function mayReadEvidence(
  deps: Pick<ClaimDeps, 'db'>,
  user: SessionUser,
  claimId: string,
): Promise<boolean> {
  const { db } = deps;
  const claim = await findClaim(db, claimId);
  const deal = claim ? await findDeal(db, claim.dealId) : undefined;
  return deal ? dealRoleOf(deal, user.id) !== null : false;
}
