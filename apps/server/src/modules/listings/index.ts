/**
 * The listings module's face: what other modules and the app may use. Other modules import from here only.
 */

export { visibleListingSql } from './listing-visibility.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerListings } from './listings.module.ts';
export type { ListingsService } from './listings.service.ts';
export { listingFacts } from './listings.views.ts';
