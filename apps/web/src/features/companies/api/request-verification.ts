import type { OwnCompany } from '@app/shared/companies/companies.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function requestVerification(input: { id: string; documentIds: string[] }): Promise<OwnCompany> {
  return api.post<OwnCompany>(`/api/companies/${encodeURIComponent(input.id)}/verification-request`, {
    documentIds: input.documentIds,
  });
}

/** POST /api/companies/:id/verification-request: the owner asks with their registration document(s). */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
