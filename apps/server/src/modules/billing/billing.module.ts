import type { ModuleContext } from '../../lib/module-context.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { scheduleBillingJobs } from './billing.job.ts';
import { billingRoutes } from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing.service.ts';

/** Premium: the $49 subscription, its money-back guarantee and the plan limits. */
export function registerBilling(
  ctx: ModuleContext,
  deps: {
    payments: PaymentsService;
    ledger: LedgerService;
    realtime: RealtimeService;
    companies: CompaniesService;
    settings: SettingsService;
  },
): BillingService {
  const billing = createBillingService({ db: ctx.db, clock: ctx.clock, appUrl: ctx.env.appUrl, ...deps });
  ctx.onStart(() => scheduleBillingJobs(ctx.jobs, billing));
  ctx.routes(billingRoutes(billing));
  return billing;
}
