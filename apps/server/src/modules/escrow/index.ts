/**
 * The escrow module's face: what other modules and the app may use. Other modules import from here only.
 */

export { DEAL_ACCOUNTS, dealLedgerKeys } from './deal-accounts.ts';
export { dealEmail } from './deal-emails.ts';
export type { FundingOpener } from './deal-funding.ts';
export {
  type DealCommissionPayment,
  type DealFundingOutcome,
  type DealMoneyFacts,
  type DealMoneyPayload,
  isMoneyTransition,
} from './deal-money.ts';
export { type EscrowModule, registerEscrow } from './escrow.module.ts';
export type { EscrowService } from './escrow.service.ts';
export type { EscrowPaymentRow } from './escrow-payments.repository.ts';
export type { WireTransfersService } from './wire-transfers.service.ts';
