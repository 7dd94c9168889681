import type { ImpactSummary } from '@app/shared/market/impact.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';

export async function getPlatformImpact(signal?: AbortSignal): Promise<ImpactSummary> {
  return api.get<ImpactSummary>('/api/market/impact', { signal });
}

/** The server recomputes the totals at most once a minute: no point asking more often. */
export const getPlatformImpactQueryOptions = () =>
  queryOptions({
    queryKey: ['impact', 'platform'] as const,
    queryFn: ({ signal }) => getPlatformImpact(signal),
    initialData: preloadedData<ImpactSummary>('/api/market/impact'),
    staleTime: 60_000,
  });

/** GET /api/market/impact: the platform's totals (public). */
export const usePlatformImpact = () => useQuery(getPlatformImpactQueryOptions());
