import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import { medianFirstReplySeconds } from '../messaging/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { createReputationService, type ReputationService } from './reputation.service.ts';
import { scheduleReviewsJobs } from './reviews.job.ts';
import { findDealParties } from './reviews.repository.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, type ReviewsService } from './reviews.service.ts';

export type ReviewsModule = { reviews: ReviewsService; reputation: ReputationService };

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /**
     * Emitted by any module that changed an input of some users' reputations (a claim settled, a company
     * verified or unverified), including modules registered before this one: the read model recomputes
     * them. Modules registered after may call `reputation.recomputeReputation` directly.
     */
    'reputation.inputs-changed': { userIds: string[] };
  }
}

/** Reviews of concluded deals and the reputation read model every surface shows. */
export function registerReviews(
  ctx: ModuleContext,
  deps: { access: AccessService; notifications: NotificationsService; realtime: RealtimeService },
): ReviewsModule {
  const reputation = createReputationService({ db: ctx.db, clock: ctx.clock, medianFirstReplySeconds });
  const reviews = createReviewsService({
    db: ctx.db,
    clock: ctx.clock,
    appUrl: ctx.env.appUrl,
    notifications: deps.notifications,
    realtime: deps.realtime,
    isAdmin: deps.access.isAdmin,
    audit: deps.access.audit.record,
    reputation,
  });
  // A completed deal changes both parties' records; a failure is logged, and the sweep catches up.
  const recompute = async (userIds: string[]) => {
    try {
      await reputation.recomputeReputation(userIds);
    } catch (err) {
      ctx.logger.error({ err, userIds }, 'reputation recompute failed; the sweep will retry');
    }
  };
  ctx.events.on('deal.completed', async ({ dealId }) => recompute(await findDealParties(ctx.db, dealId)));
  ctx.events.on('deal.claim-settled', async ({ dealId }) => recompute(await findDealParties(ctx.db, dealId)));
  ctx.events.on('reputation.inputs-changed', async ({ userIds }) => recompute(userIds));
  ctx.onStart(() => scheduleReviewsJobs(ctx.jobs, reputation, reviews));
  // Once the server answers: users without a row yet (a new database, a restore) get one in the
  // background rather than at the next sweep.
  ctx.onListen(async () => {
    void reputation.sweep().catch((err) => ctx.logger.error({ err }, 'reputation sweep at start failed'));
  });
  ctx.routes(reviewsRoutes(reviews, reputation, deps.access));
  return { reviews, reputation };
}
