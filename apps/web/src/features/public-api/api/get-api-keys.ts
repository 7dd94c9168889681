import type { ApiKeyList } from '@app/shared/public-api/public-api.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export type { ApiKey } from '@app/shared/public-api/public-api.schemas';

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get<ApiKeyList>('/api/me/api-keys', { signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.mine(), queryFn: ({ signal }) => getApiKeys(signal) });

/** GET /api/me/api-keys: the signed-in user's keys, active and revoked, without their secrets. */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());
