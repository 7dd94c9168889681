import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** What GET /api/admin/ledger answers: the books check and every account's balance. */
const LedgerSummarySchema = z.object({
  balanced: z.boolean(),
  balances: z.array(z.object({ account: z.string(), balanceCents: z.number().int() })),
});
export type LedgerSummary = z.infer<typeof LedgerSummarySchema>;

export async function getAdminLedger(signal?: AbortSignal): Promise<LedgerSummary> {
  return LedgerSummarySchema.parse(await api.get('/api/admin/ledger', { signal }));
}

export const adminLedgerKey = ['admin', 'ledger'] as const;

export const getAdminLedgerQueryOptions = () =>
  queryOptions({ queryKey: adminLedgerKey, queryFn: ({ signal }) => getAdminLedger(signal) });

/** GET /api/admin/ledger: account balances (money in an account is a negative, credit balance). */
export const useAdminLedger = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getAdminLedgerQueryOptions(), enabled: options.enabled ?? true });

/** What the escrow of a deal holds now, in cents, from its ledger account; undefined when unknown. */
export function escrowHeldFromLedger(ledger: LedgerSummary | undefined, dealId: string): number | undefined {
  if (!ledger) return undefined;
  const account = ledger.balances.find((b) => b.account === `escrow:held:${dealId}`);
  return account ? Math.max(0, -account.balanceCents) : 0;
}
