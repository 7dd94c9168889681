import type { WarmFactor, WarmFactorList } from '@app/shared/market/impact.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getImpactFactors(signal?: AbortSignal): Promise<WarmFactor[]> {
  return (await api.get<WarmFactorList>('/api/admin/impact-factors', { signal })).items;
}

export const impactFactorsKey = ['admin', 'impact-factors'] as const;

export const getImpactFactorsQueryOptions = () =>
  queryOptions({ queryKey: impactFactorsKey, queryFn: ({ signal }) => getImpactFactors(signal) });

/** GET /api/admin/impact-factors: every EPA WARM factor and the grades mapped to it. */
export const useImpactFactors = () => useQuery(getImpactFactorsQueryOptions());
