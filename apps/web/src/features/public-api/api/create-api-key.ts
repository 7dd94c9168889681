import type { CreateApiKeyBody, CreatedApiKey } from '@app/shared/public-api/public-api.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/me/api-keys', body);
}

/** POST /api/me/api-keys (201): the answer holds the whole secret, the only time it is sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
