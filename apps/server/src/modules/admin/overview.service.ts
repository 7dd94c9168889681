import type { AdminOverview } from '@app/shared/admin/admin-overview.schemas';
import type { AccountsService } from '../accounts/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { DealsService } from '../deals/index.ts';
import type { WireTransfersService } from '../escrow/index.ts';
import type { ListingsService } from '../listings/index.ts';

export type OverviewService = ReturnType<typeof createOverviewService>;

/** The admin dashboard's live counts, each asked of the module that owns the records. */
export function createOverviewService(deps: {
  /** The moderation queue's open reports (the trust module's, registered after this one: handed in by app.ts). */
  countOpenReports: () => Promise<number>;
  accounts: Pick<AccountsService, 'countUnconfirmed'>;
  listings: Pick<ListingsService, 'countPendingReview'>;
  companies: Pick<CompaniesService, 'countUnverified'>;
  wireTransfers: Pick<WireTransfersService, 'countAwaitingVerification'>;
  deals: Pick<DealsService, 'countOpenDisputes'> & {
    claims: Pick<DealsService['claims'], 'countAwaitingDecision'>;
  };
}) {
  async function getOverview(): Promise<AdminOverview> {
    const [
      pendingListings,
      unverifiedCompanies,
      wireTransfersAwaitingVerification,
      openDisputes,
      claimsAwaitingDecision,
      unconfirmedUsers,
      openReports,
    ] = await Promise.all([
      deps.listings.countPendingReview(),
      deps.companies.countUnverified(),
      deps.wireTransfers.countAwaitingVerification(),
      deps.deals.countOpenDisputes(),
      deps.deals.claims.countAwaitingDecision(),
      deps.accounts.countUnconfirmed(),
      deps.countOpenReports(),
    ]);
    return {
      pendingListings,
      unverifiedCompanies,
      wireTransfersAwaitingVerification,
      openDisputes,
      claimsAwaitingDecision,
      unconfirmedUsers,
      openReports,
    };
  }

  return { getOverview };
}
