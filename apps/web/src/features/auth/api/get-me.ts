import type { Me } from '@app/shared/accounts/accounts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isServerUnreachable, preloadedData } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth-client';
import { shouldRetry } from '@/lib/query-client';

export const meQueryKey = ME_QUERY_KEY;

export const SIGNED_OUT_ME: Me = {
  user: null,
  isAdmin: false,
  subscribed: false,
  subscriptionTier: null,
  subscriptionEnd: null,
};

export async function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/me', { signal });
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    initialData: preloadedData<Me>('/api/me'),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    // While the server cannot answer, the auth state is unknown, not signed out: keep retrying, at most
    // 5 s apart (the server's Retry-After), and keep the user that was read before.
    retry: (failureCount, error) => isServerUnreachable(error) || shouldRetry(failureCount, error),
    retryDelay: (failureCount) => Math.min(1000 * 2 ** failureCount, 5000),
  });

export const useMe = () => useQuery(getMeQueryOptions());
