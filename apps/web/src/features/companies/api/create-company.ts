import type { Company, CompanyInput } from '@app/shared/companies/companies.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function createCompany(body: CompanyInput): Promise<Company> {
  return api.post<Company>('/api/companies', body);
}

/** POST /api/companies: a new company, pending verification. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
