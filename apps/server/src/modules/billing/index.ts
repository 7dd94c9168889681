/**
 * The billing module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerBilling } from './billing.module.ts';
export type { BillingService } from './billing.service.ts';
// Premium as SQL predicates over a user id, for audience queries in other modules.
export { hasActivePremium, hasEverHadPremium } from './premium-predicates.ts';
