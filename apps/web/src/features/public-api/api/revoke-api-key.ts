import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export const revokeApiKey = (id: string) => api.delete<void>(`/api/me/api-keys/${encodeURIComponent(id)}`);

/** DELETE /api/me/api-keys/:id (204): the key and the tokens issued for it stop working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
