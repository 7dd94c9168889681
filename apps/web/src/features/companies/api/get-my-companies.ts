import type { OwnCompanies } from '@app/shared/companies/companies.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function getMyCompanies(signal?: AbortSignal): Promise<OwnCompanies> {
  return api.get<OwnCompanies>('/api/me/companies', { signal });
}

export const getMyCompaniesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: companyKeys.mine(), queryFn: ({ signal }) => getMyCompanies(signal), enabled });

/** GET /api/me/companies: the signed-in user's companies, newest first. */
export const useMyCompanies = (enabled = true) => useQuery(getMyCompaniesQueryOptions(enabled));
