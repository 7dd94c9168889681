/**
 * The escrow module's face: what other modules and the app may use. Other modules import from here only.
 */

export { DEAL_ACCOUNTS, dealLedgerKeys, ESCROW_ACCOUNT_PREFIX, move, paymentBooks } from './deal-accounts.ts';
export { type EscrowModule, registerEscrow } from './escrow.module.ts';
export { callEscrowProvider, type EscrowProvider, escrowProviderFailure } from './escrow-provider.ts';
export type { PaymentMethodsService } from './payment-methods.service.ts';
export { findWireTransferById, findWireTransfersByIds } from './wire-transfers.repository.ts';
export type { WireTransfersService } from './wire-transfers.service.ts';
