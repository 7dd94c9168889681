import type { AdminOverview } from '@app/shared/admin/admin-overview.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AdminOverview } from '@app/shared/admin/admin-overview.schemas';

export async function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.get<AdminOverview>('/api/admin/overview', { signal });
}

export const adminOverviewKey = ['admin', 'overview'] as const;

export const getAdminOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminOverviewKey, queryFn: ({ signal }) => getAdminOverview(signal) });

/** GET /api/admin/overview: the live counts of the dashboard cards. */
export const useAdminOverview = () => useQuery(getAdminOverviewQueryOptions());
