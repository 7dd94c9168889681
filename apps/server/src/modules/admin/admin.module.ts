import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { DealsModule } from '../deals/index.ts';
import type { EscrowModule } from '../escrow/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { type AdminService, createAdminService } from './admin.service.ts';
import { overviewRoutes } from './overview.routes.ts';
import { createOverviewService } from './overview.service.ts';
import { adminUsersRoutes } from './users.routes.ts';
import { type AdminUsersService, createAdminUsersService } from './users.service.ts';

/** The back office's home: the overview of what waits for an administrator, and the users list. */
export function registerAdmin(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    realtime: RealtimeService;
    accounts: AccountsService;
    listings: ListingsService;
    companies: CompaniesService;
    deals: Pick<DealsModule, 'deals'>;
    escrow: Pick<EscrowModule, 'wireTransfers'>;
    /** The open reports of the moderation queue (the trust module builds on this one). */
    countOpenReports: () => Promise<number>;
  },
): AdminService & {
  /** The back office's suspension, for other back-office work (the reports queue). */
  suspendUser: AdminUsersService['suspend'];
} {
  const { db, clock } = ctx;
  const { access, realtime } = deps;
  const admin = createAdminService({ db, access });
  const users = createAdminUsersService({ db, clock, access, admin, realtime });
  const overview = createOverviewService({
    accounts: deps.accounts,
    listings: deps.listings,
    companies: deps.companies,
    wireTransfers: deps.escrow.wireTransfers,
    deals: deps.deals.deals,
    countOpenReports: deps.countOpenReports,
  });
  ctx.routes(adminUsersRoutes(users, access));
  ctx.routes(overviewRoutes(overview, access));
  return { ...admin, suspendUser: users.suspend };
}
