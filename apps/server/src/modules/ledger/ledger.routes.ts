import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminService } from '../admin/admin.service.ts';
import type { LedgerService } from './ledger.service.ts';

const LedgerSummarySchema = z.object({
  balanced: z.boolean(),
  unbalancedTransactions: z.array(z.string()),
  totalCents: z.number().int(),
  balances: z.array(z.object({ account: z.string(), balanceCents: z.number().int() })),
});

export const ledgerRoutes =
  (ledger: LedgerService, admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Administrators: the books check (every transaction sums to zero) and each account's balance. */
    app.get('/api/admin/ledger', { schema: { response: { 200: LedgerSummarySchema } } }, async (request) => {
      await admin.requireAdmin(request);
      const [books, balances] = await Promise.all([ledger.checkBooks(), ledger.getBalances()]);
      return {
        ...books,
        balances: Object.entries(balances).map(([account, balanceCents]) => ({ account, balanceCents })),
      };
    });
  };
