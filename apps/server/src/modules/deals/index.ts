/**
 * The deals module's face: what other modules and the app may use. Other modules import from here only.
 */

export { dealOutcomes } from './deal-outcomes.views.ts';
export { type DealsModule, registerDeals } from './deals.module.ts';
// Published reads: what deals hold of a listing, and whether two traders have a deal alive.
export {
  countCompletedDeals,
  heldQuantityOf,
  listLiveDealsBetween,
  sumHeldQuantities,
} from './deals.repository.ts';
export type { DealsService } from './deals.service.ts';
export { dealFacts } from './deals.views.ts';
