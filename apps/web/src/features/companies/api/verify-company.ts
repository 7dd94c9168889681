import type { AdminCompany } from '@app/shared/companies/companies.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function verifyCompany(id: string): Promise<AdminCompany> {
  return api.post<AdminCompany>(`/api/admin/companies/${encodeURIComponent(id)}/verify`);
}

/** POST /api/admin/companies/:id/verify: marks the company Verified and emails the owner. */
export function useVerifyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
