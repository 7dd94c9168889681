import type { Deal, DealList } from '@app/shared/deals/deals.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Deal } from '@app/shared/deals/deals.schemas';
export type AdminDealFilter = 'disputed' | 'all';

export async function getAdminDeals(status: AdminDealFilter, signal?: AbortSignal): Promise<Deal[]> {
  const body = await api.get<DealList>('/api/admin/deals', { query: { status }, signal });
  return body.deals;
}

export const adminDealsKey = ['admin', 'deals'] as const;

export const getAdminDealsQueryOptions = (status: AdminDealFilter) =>
  queryOptions({
    queryKey: [...adminDealsKey, status],
    queryFn: ({ signal }) => getAdminDeals(status, signal),
  });

/** GET /api/admin/deals?status=disputed|all: the disputes to resolve, or every deal (to name a wire's deal). */
export const useAdminDeals = (status: AdminDealFilter, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getAdminDealsQueryOptions(status), enabled: options.enabled ?? true });
