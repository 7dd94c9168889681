import type { AdminClaimList } from '@app/shared/deals/deal-claims.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `waiting`: escalated, or unanswered past the seller's window; `all`: every claim, newest first. */
export type AdminClaimFilter = 'waiting' | 'all';

export async function getAdminClaims(
  status: AdminClaimFilter,
  page: number,
  signal?: AbortSignal,
): Promise<AdminClaimList> {
  return api.get<AdminClaimList>('/api/admin/claims', { query: { status, page }, signal });
}

export const adminClaimsKey = ['admin', 'claims'] as const;

export const getAdminClaimsQueryOptions = (status: AdminClaimFilter, page: number) =>
  queryOptions({
    queryKey: [...adminClaimsKey, status, page],
    queryFn: ({ signal }) => getAdminClaims(status, page, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/claims?status=waiting|all&page=N: the claims an administrator decides, a page at a time. */
export const useAdminClaims = (status: AdminClaimFilter, page: number) =>
  useQuery(getAdminClaimsQueryOptions(status, page));
