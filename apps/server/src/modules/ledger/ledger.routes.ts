import { type EscrowMismatch, LedgerSummarySchema } from '@app/shared/ledger/ledger.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessService } from '../access/index.ts';
import type { LedgerService } from './ledger.service.ts';

export const ledgerRoutes =
  (
    ledger: LedgerService,
    access: AccessService,
    /** The deals module's check of each escrow account against its deal. */
    findEscrowMismatches: () => Promise<EscrowMismatch[]>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Administrators: the books check (every transaction sums to zero, every escrow account matches
     * its deal) and each account's balance.
     */
    app.get('/api/admin/ledger', { schema: { response: { 200: LedgerSummarySchema } } }, async (request) => {
      await access.requireAdmin(request);
      const [books, balances, escrowMismatches] = await Promise.all([
        ledger.checkBooks(),
        ledger.getBalances(),
        findEscrowMismatches(),
      ]);
      return {
        ...books,
        escrowReconciled: escrowMismatches.length === 0,
        escrowMismatches,
        balances: Object.entries(balances).map(([account, balanceCents]) => ({ account, balanceCents })),
      };
    });
  };
