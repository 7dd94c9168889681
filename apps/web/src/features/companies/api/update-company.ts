import type { Company, CompanyInput } from '@app/shared/companies/companies.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function updateCompany({
  id,
  body,
}: {
  id: string;
  body: Partial<CompanyInput>;
}): Promise<Company> {
  return api.patch<Company>(`/api/companies/${encodeURIComponent(id)}`, body);
}

/** PATCH /api/companies/:id: the owner edits any subset of the fields. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
