import type { Company } from '@app/shared/companies/companies.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function getCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return api.get<Company>(`/api/companies/${encodeURIComponent(id)}`, { signal });
}

export const getCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
    initialData: preloadedData<Company>(`/api/companies/${encodeURIComponent(id)}`),
  });

/** GET /api/companies/:id: one public company profile (404 "Company not found"). */
export const useCompany = (id: string) => useQuery(getCompanyQueryOptions(id));
