import type { ClaimDetail, OpenClaimBody } from '@app/shared/deals/deal-claims.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export type OpenClaimInput = { dealId: string; body: OpenClaimBody };

export async function openClaim({ dealId, body }: OpenClaimInput): Promise<ClaimDetail> {
  return api.post<ClaimDetail>(`/api/deals/${encodeURIComponent(dealId)}/claims`, body);
}

/** POST /api/deals/:id/claims: the buyer opens a claim; the deal (its escrow now frozen) is read again. */
export function useOpenClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openClaim,
    onSuccess: (claim) => putClaim(queryClient, claim),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

/** Shows a claim the server just answered with in its deal's list at once (newest first). */
export function putClaim(queryClient: ReturnType<typeof useQueryClient>, claim: ClaimDetail) {
  queryClient.setQueryData<{ claims: ClaimDetail[] }>(dealKeys.claims(claim.dealId), (list) => {
    if (!list) return { claims: [claim] };
    const known = list.claims.some((c) => c.id === claim.id);
    return {
      claims: known ? list.claims.map((c) => (c.id === claim.id ? claim : c)) : [claim, ...list.claims],
    };
  });
}
