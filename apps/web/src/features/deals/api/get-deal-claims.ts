import type { ClaimList } from '@app/shared/deals/deal-claims.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export async function getDealClaims(dealId: string, signal?: AbortSignal): Promise<ClaimList> {
  return api.get<ClaimList>(`/api/deals/${encodeURIComponent(dealId)}/claims`, { signal });
}

export const getDealClaimsQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.claims(dealId),
    queryFn: ({ signal }) => getDealClaims(dealId, signal),
  });

/** GET /api/deals/:id/claims: the deal's claims with their timelines, newest first. */
export const useDealClaims = (dealId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getDealClaimsQueryOptions(dealId), enabled: options.enabled ?? true });
