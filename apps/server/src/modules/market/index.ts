/**
 * The market module's face: what other modules and the app may use. Other modules import from here only.
 */

export { geocodeLocation } from './geocoder.ts';
export type { ImpactService } from './impact.service.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerMarket } from './market.module.ts';
export { MATCHING_BACKFILL_JOB, MATCHING_COMPUTE_JOB, requestMatching } from './matching.job.ts';
// The matching job's query and its store, timed on their own by bench/matching-benchmark.ts.
export {
  findMatchCandidates,
  findMatchSubject,
  type MatchRule,
  replaceMatchesOf,
} from './matching.repository.ts';
export { type MatchingService, MIN_QUANTITY_FIT } from './matching.service.ts';
export type { PriceIndexService } from './price-index.service.ts';
