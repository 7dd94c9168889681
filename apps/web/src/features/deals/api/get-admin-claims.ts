import type { AdminClaimList } from '@app/shared/deals/deal-claims.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `waiting`: escalated, or unanswered past the seller's window; `all`: every claim, newest first. */
export type AdminClaimFilter = 'waiting' | 'all';

export async function getAdminClaims(
  status: AdminClaimFilter,
  signal?: AbortSignal,
): Promise<AdminClaimList> {
  return api.get<AdminClaimList>('/api/admin/claims', { query: { status }, signal });
}

export const adminClaimsKey = ['admin', 'claims'] as const;

export const getAdminClaimsQueryOptions = (status: AdminClaimFilter) =>
  queryOptions({
    queryKey: [...adminClaimsKey, status],
    queryFn: ({ signal }) => getAdminClaims(status, signal),
  });

/** GET /api/admin/claims?status=waiting|all: the claims an administrator decides. */
export const useAdminClaims = (status: AdminClaimFilter) => useQuery(getAdminClaimsQueryOptions(status));
