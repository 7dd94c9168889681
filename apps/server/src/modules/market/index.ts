/**
 * The market module's face: what other modules and the app may use. Other modules import from here only.
 */

export { geocodeLocation } from './geocoder.ts';
export type { ImpactService } from './impact.service.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerMarket } from './market.module.ts';
export { MATCHING_BACKFILL_JOB, MATCHING_COMPUTE_JOB, requestMatching } from './matching.job.ts';
export type { MatchingService } from './matching.service.ts';
export type { PriceIndexService } from './price-index.service.ts';
