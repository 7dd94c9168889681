/**
 * The ledger module's face: what other modules and the app may use. Other modules import from here only.
 */

export { type LedgerModule, registerLedger } from './ledger.module.ts';
export { LEDGER_ACCOUNTS, type LedgerLine, type LedgerService, ledgerMovements } from './ledger.service.ts';
