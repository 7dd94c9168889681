import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { ReviewsModule } from '../reviews/index.ts';
import { schedulePublicApiJobs } from './public-api.job.ts';
import { adminApiKeysRoutes, apiKeysRoutes, publicApiV1Routes } from './public-api.routes.ts';
import { createPublicApiService, type PublicApiService } from './public-api.service.ts';

/** The public REST API (/api/v1) and the API keys that open it. */
export function registerPublicApi(
  ctx: ModuleContext,
  deps: { access: AccessService; listings: ListingsService; reviews: ReviewsModule },
): PublicApiService {
  const publicApi = createPublicApiService({ db: ctx.db, clock: ctx.clock, audit: deps.access.audit.record });
  ctx.onStart(() => schedulePublicApiJobs(ctx.jobs, publicApi));
  ctx.routes(apiKeysRoutes(publicApi));
  ctx.routes(adminApiKeysRoutes(publicApi, deps.access));
  ctx.routes(
    publicApiV1Routes(publicApi, deps.listings, deps.reviews, {
      rateLimitPerMinute: ctx.env.apiRateLimitPerMinute,
    }),
  );
  return publicApi;
}
