import type { ImpactSummary } from '@app/shared/market/impact.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getMyImpact(signal?: AbortSignal): Promise<ImpactSummary> {
  return api.get<ImpactSummary>('/api/me/impact', { signal });
}

export const myImpactKey = ['impact', 'me'] as const;

export const getMyImpactQueryOptions = () =>
  queryOptions({ queryKey: myImpactKey, queryFn: ({ signal }) => getMyImpact(signal) });

/** GET /api/me/impact: the signed-in trader's completed deals, by month and material. */
export const useMyImpact = () => useQuery(getMyImpactQueryOptions());
