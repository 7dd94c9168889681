import type { EscrowMismatch } from '@app/shared/ledger/ledger.schemas';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

export type LedgerModule = LedgerService & {
  /**
   * The module that keeps escrow accounts (deals) hands in its check of each against its deal; the
   * back office's books check reports it beside the ledger's own.
   */
  reconcileEscrowWith(check: () => Promise<EscrowMismatch[]>): void;
};

/** The double-entry ledger: every module posts its own money through it. */
export function registerLedger(ctx: ModuleContext, deps: { access: AccessService }): LedgerModule {
  const ledger = createLedgerService({ db: ctx.db });
  let escrowCheck: () => Promise<EscrowMismatch[]> = async () => [];
  ctx.routes(ledgerRoutes(ledger, deps.access, () => escrowCheck()));
  return Object.assign(ledger, {
    reconcileEscrowWith(check: () => Promise<EscrowMismatch[]>) {
      escrowCheck = check;
    },
  });
}
