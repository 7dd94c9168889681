import type { SecurityOverview } from '@app/shared/admin/admin-security.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type {
  ActiveSession,
  AuditEntry,
  FailedSignIn,
  RateLimit,
  SecurityOverview,
} from '@app/shared/admin/admin-security.schemas';

export const securityOverviewKey = ['admin', 'security'] as const;

export async function getSecurityOverview(
  auditPage: number,
  signal?: AbortSignal,
): Promise<SecurityOverview> {
  return api.get<SecurityOverview>(`/api/admin/security/overview?auditPage=${auditPage}`, { signal });
}

export const getSecurityOverviewQueryOptions = (auditPage: number) =>
  queryOptions({
    queryKey: [...securityOverviewKey, auditPage],
    queryFn: ({ signal }) => getSecurityOverview(auditPage, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/security/overview: failed sign-ins, live sessions, rate limits and one page of the audit log. */
export const useSecurityOverview = (auditPage: number) =>
  useQuery(getSecurityOverviewQueryOptions(auditPage));

/** POST /api/admin/security/sessions/:id/end: the session's cookie stops working at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<unknown>(`/api/admin/security/sessions/${encodeURIComponent(id)}/end`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityOverviewKey }),
  });
}
