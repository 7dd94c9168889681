import type { LedgerSummary } from '@app/shared/ledger/ledger.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { EscrowMismatch, LedgerSummary } from '@app/shared/ledger/ledger.schemas';

export async function getLedger(signal?: AbortSignal): Promise<LedgerSummary> {
  return api.get<LedgerSummary>('/api/admin/ledger', { signal });
}

export const ledgerKey = ['admin', 'ledger'] as const;

export const ledgerQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKey,
    queryFn: ({ signal }) => getLedger(signal),
    // The books are checked on every visit: an administrator reconciling wants the current state.
    staleTime: 0,
  });

/** GET /api/admin/ledger: the books check, escrow accounts that disagree with their deals, balances. */
export const useLedger = () => useQuery(ledgerQueryOptions());
