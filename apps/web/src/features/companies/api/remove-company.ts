import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export const removeCompany = ({ id, reason }: { id: string; reason: string }) =>
  api.post<void>(`/api/admin/companies/${encodeURIComponent(id)}/remove`, { reason });

/** POST /api/admin/companies/:id/remove {reason}: takes the company out and emails the owner the reason. */
export function useRemoveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
