import type { AdminApiKeyPage } from '@app/shared/public-api/public-api.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AdminApiKey } from '@app/shared/public-api/public-api.schemas';

export const adminApiKeysKey = ['admin', 'api-keys'] as const;

export async function getAdminApiKeys(page: number, signal?: AbortSignal): Promise<AdminApiKeyPage> {
  return api.get<AdminApiKeyPage>(`/api/admin/api-keys?page=${page}`, { signal });
}

/** GET /api/admin/api-keys: every user's API keys, active and recently used first. */
export const useAdminApiKeys = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...adminApiKeysKey, page],
      queryFn: ({ signal }) => getAdminApiKeys(page, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /api/admin/api-keys/:id/revoke: the key and its tokens stop working at once (audited). */
export function useAdminRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/admin/api-keys/${encodeURIComponent(id)}/revoke`, {}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminApiKeysKey });
      // The audit log on the same screen (the security overview, ['admin', 'security']) gains the revocation.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'security'] });
    },
  });
}
