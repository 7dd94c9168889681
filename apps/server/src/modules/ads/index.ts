/**
 * The ads module's face: what other modules and the app may use. Other modules import from here only.
 */

export { adsRoutes } from './ads.routes.ts';
export { createAdsService } from './ads.service.ts';
