import type { ClaimDetail, RespondClaimBody } from '@app/shared/deals/deal-claims.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';
import { putClaim } from './open-claim';

export type RespondToClaimInput = { dealId: string; claimId: string; body: RespondClaimBody };

export async function respondToClaim({ dealId, claimId, body }: RespondToClaimInput): Promise<ClaimDetail> {
  return api.post<ClaimDetail>(
    `/api/deals/${encodeURIComponent(dealId)}/claims/${encodeURIComponent(claimId)}/respond`,
    body,
  );
}

/** POST /api/deals/:id/claims/:claimId/respond: the buyer accepts the offer, escalates, or withdraws. */
export function useRespondToClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToClaim,
    onSuccess: (claim) => putClaim(queryClient, claim),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
