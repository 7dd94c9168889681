import type { AnswerClaimBody, ClaimDetail } from '@app/shared/deals/deal-claims.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';
import { putClaim } from './open-claim';

export type AnswerClaimInput = { dealId: string; claimId: string; body: AnswerClaimBody };

export async function answerClaim({ dealId, claimId, body }: AnswerClaimInput): Promise<ClaimDetail> {
  return api.post<ClaimDetail>(
    `/api/deals/${encodeURIComponent(dealId)}/claims/${encodeURIComponent(claimId)}/answer`,
    body,
  );
}

/** POST /api/deals/:id/claims/:claimId/answer: the seller accepts, offers part of the amount, or rejects. */
export function useAnswerClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerClaim,
    onSuccess: (claim) => putClaim(queryClient, claim),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
