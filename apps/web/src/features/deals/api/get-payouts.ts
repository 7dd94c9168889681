import type { PayoutStatement } from '@app/shared/deals/deals.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export type Period = { from: string; to: string };

export async function getPayouts(period: Period, signal?: AbortSignal): Promise<PayoutStatement> {
  return api.get<PayoutStatement>('/api/deals/payouts', { query: period, signal });
}

/** The CSV download of the same statement (the browser saves it under the server's file name). */
export const payoutsCsvUrl = (period: Period) =>
  `/api/deals/payouts?${new URLSearchParams({ ...period, format: 'csv' }).toString()}`;

/** GET /api/deals/payouts: what the ledger paid the seller for deals released in the period. */
export const usePayouts = (period: Period, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...dealKeys.all, 'payouts', period.from, period.to],
    queryFn: ({ signal }) => getPayouts(period, signal),
    enabled: (options.enabled ?? true) && period.from <= period.to,
    placeholderData: keepPreviousData,
  });
