import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The admin check every admin screen runs on load: 200 for admins, 401 or 403 otherwise. */
export const checkAdmin = (signal?: AbortSignal) =>
  api.get<{ isAdmin: true }>('/api/admin/check', { signal });

export const checkAdminQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'check', userId],
    queryFn: ({ signal }) => checkAdmin(signal),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });

export const useCheckAdmin = (userId: string | undefined) => useQuery(checkAdminQueryOptions(userId));
