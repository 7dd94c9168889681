import type { AdminCompaniesQuery, AdminCompanyPage } from '@app/shared/companies/companies.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function getAdminCompanies(
  query: AdminCompaniesQuery,
  signal?: AbortSignal,
): Promise<AdminCompanyPage> {
  return api.get<AdminCompanyPage>('/api/admin/companies', { query, signal });
}

/** GET /api/admin/companies?status&page: every company with its owner and verification record, 50 a page. */
export const useAdminCompanies = (query: AdminCompaniesQuery) =>
  useQuery(
    queryOptions({
      queryKey: companyKeys.admin(query),
      queryFn: ({ signal }) => getAdminCompanies(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
