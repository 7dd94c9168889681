import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export const deleteCompany = (id: string) => api.delete<void>(`/api/companies/${encodeURIComponent(id)}`);

/** DELETE /api/companies/:id (204), the owner only. */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
