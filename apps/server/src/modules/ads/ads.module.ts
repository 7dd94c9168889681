import type { ModuleContext } from '../../lib/module-context.ts';
import { adsRoutes } from './ads.routes.ts';
import { type AdsService, createAdsService } from './ads.service.ts';

/** The ad slots' configuration: house ads, or AdSense when configured. */
export function registerAds(ctx: ModuleContext): AdsService {
  const ads = createAdsService(ctx.env.ads);
  ctx.routes(adsRoutes(ads));
  return ads;
}
