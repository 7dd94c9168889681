import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { NotificationsService, PushService, UserNotificationsService } from '../notifications/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { gradesRoutes } from './grades.routes.ts';
import { createGradesService } from './grades.service.ts';
import { impactRoutes } from './impact.routes.ts';
import { createImpactService, type ImpactService } from './impact.service.ts';
import { requestMatching, scheduleMatchingJobs } from './matching.job.ts';
import type { BlockedBetweenSql } from './matching.repository.ts';
import { matchingRoutes } from './matching.routes.ts';
import { createMatchingService, type MatchingService } from './matching.service.ts';
import {
  requestPriceIndexRebuild,
  requestPriceIndexRecompute,
  schedulePriceIndexJobs,
} from './price-index.job.ts';
import { priceIndexRoutes } from './price-index.routes.ts';
import { createPriceIndexService, type PriceIndexService } from './price-index.service.ts';

/** The landing page's promises: grades, smart matching, the price index and environmental impact. */
export function registerMarket(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    settings: SettingsService;
    realtime: RealtimeService;
    notifications: NotificationsService;
    userNotifications: UserNotificationsService;
    push: PushService;
    companies: CompaniesService;
    /** Whether a block stands between two users, as SQL (the trust module's): they never match. */
    blockedBetween?: BlockedBetweenSql;
  },
): { priceIndex: PriceIndexService; matching: MatchingService; impact: ImpactService } {
  const { db, clock, jobs } = ctx;
  const { access, settings, realtime } = deps;
  const grades = createGradesService({ db });
  const priceIndex = createPriceIndexService({ db, clock, settings, realtime });
  const matching = createMatchingService({
    db,
    clock,
    settings,
    realtime,
    userNotifications: deps.userNotifications,
    notifications: deps.notifications,
    push: deps.push,
    appUrl: ctx.env.appUrl,
    logger: ctx.logger,
    blockedBetween: deps.blockedBetween,
  });
  // Environmental impact: WARM factors, recorded by deals when they complete.
  const impact = createImpactService({
    db,
    clock,
    audit: access.audit.record,
    companyOwner: async (companyId) => (await deps.companies.getCompany(companyId)).userId,
  });

  // Listings and completed deals move the price index (a debounced job); a listing is matched again.
  ctx.events.on('listing.changed', async ({ listingId }) => {
    await Promise.all([requestPriceIndexRecompute(jobs), requestMatching(jobs, listingId)]);
  });
  ctx.events.on('deal.completed', () => requestPriceIndexRecompute(jobs));
  // A new minimum of contributors rewrites the year's points under the new rule.
  settings.onChanged(async (changes) => {
    if (changes['market.index_min_contributors']) await requestPriceIndexRebuild(jobs);
  });

  ctx.onStart(async () => {
    await impact.seedDefaults();
    await grades.seedGrades();
    await schedulePriceIndexJobs(jobs, priceIndex);
    await scheduleMatchingJobs(jobs, matching);
  });
  ctx.routes(gradesRoutes(grades));
  ctx.routes(priceIndexRoutes(priceIndex));
  ctx.routes(matchingRoutes(matching));
  ctx.routes(impactRoutes(impact, access));
  return { priceIndex, matching, impact };
}
