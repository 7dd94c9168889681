/**
 * The deals module's face: what other modules and the app may use. Other modules import from here only.
 */

export { scheduleDealJobs } from './deal-escrow.job.ts';
export { dealOutcomes } from './deal-outcomes.views.ts';
export { type DealsModule, registerDeals } from './deals.module.ts';
// Published reads: what deals hold of a listing, and whether two traders have a deal alive.
export {
  countCompletedDeals,
  heldQuantityOf,
  listLiveDealsBetween,
  sumHeldQuantities,
} from './deals.repository.ts';
export { dealsRoutes } from './deals.routes.ts';
export { createDealsService, type DealsService } from './deals.service.ts';
export { dealFacts } from './deals.views.ts';
export type { EscrowProvider } from './escrow-provider.ts';
export { deriveEscrowWebhookSecret } from './escrow-providers/escrow-webhook.ts';
export {
  createEscrowEvents,
  createEscrowProvider,
  type EscrowEvents,
  isSandboxEscrowProvider,
} from './escrow-providers/index.ts';
export { sandboxEscrowRoutes } from './escrow-providers/sandbox-escrow.routes.ts';
export { escrowTestRoutes } from './escrow-test.routes.ts';
export { createEscrowTestService } from './escrow-test.service.ts';
export { escrowWebhookRoutes } from './escrow-webhook.routes.ts';
export { paymentMethodsRoutes } from './payment-methods.routes.ts';
export { createPaymentMethodsService, type PaymentMethodsService } from './payment-methods.service.ts';
export { wireTransfersRoutes } from './wire-transfers.routes.ts';
export { createWireTransfersService, type WireTransfersService } from './wire-transfers.service.ts';
