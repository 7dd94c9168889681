import type { AdminCompany } from '@app/shared/companies/companies.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function refuseVerification(input: { id: string; reason: string }): Promise<AdminCompany> {
  return api.post<AdminCompany>(`/api/admin/companies/${encodeURIComponent(input.id)}/refuse-verification`, {
    reason: input.reason,
  });
}

/** POST /api/admin/companies/:id/refuse-verification: refuses with a reason the owner is emailed. */
export function useRefuseVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
