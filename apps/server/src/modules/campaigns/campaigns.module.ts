import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { scheduleCampaignJobs } from './campaigns.job.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { type CampaignsService, createCampaignsService } from './campaigns.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/** Bulk email campaigns to audiences of users, sent at the configured rate. */
export function registerCampaigns(
  ctx: ModuleContext,
  deps: { access: AccessService; notifications: NotificationsService; payments: PaymentsService },
): CampaignsService {
  const { env } = ctx;
  const campaigns = createCampaignsService({
    db: ctx.db,
    jobs: ctx.jobs,
    notifications: deps.notifications,
    clock: ctx.clock,
    appUrl: env.appUrl,
    unsubscribeTokens: createUnsubscribeTokens(env.authSecret),
    premiumProvider: deps.payments.provider.name,
    ratePerMinute: env.bulkEmailRatePerMinute,
    audit: deps.access.audit.record,
  });
  ctx.onStart(() => scheduleCampaignJobs(ctx.jobs, campaigns));
  ctx.routes(campaignsRoutes(campaigns, deps.access));
  return campaigns;
}
