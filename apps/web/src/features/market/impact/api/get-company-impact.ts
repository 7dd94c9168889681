import type { ImpactSummary } from '@app/shared/market/impact.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';

export async function getCompanyImpact(companyId: string, signal?: AbortSignal): Promise<ImpactSummary> {
  return api.get<ImpactSummary>(`/api/companies/${encodeURIComponent(companyId)}/impact`, { signal });
}

export const getCompanyImpactQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['impact', 'company', companyId] as const,
    queryFn: ({ signal }) => getCompanyImpact(companyId, signal),
    initialData: preloadedData<ImpactSummary>(`/api/companies/${encodeURIComponent(companyId)}/impact`),
    staleTime: 60_000,
  });

/** GET /api/companies/:id/impact: the company's completed deals (public). */
export const useCompanyImpact = (companyId: string) => useQuery(getCompanyImpactQueryOptions(companyId));
