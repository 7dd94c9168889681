import type { ClaimDetail, DecideClaimBody } from '@app/shared/deals/deal-claims.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminClaimsKey } from './get-admin-claims';

export type DecideClaimInput = { dealId: string; claimId: string; body: DecideClaimBody };

export async function decideClaim({ dealId, claimId, body }: DecideClaimInput): Promise<ClaimDetail> {
  return api.post<ClaimDetail>(
    `/api/admin/deals/${encodeURIComponent(dealId)}/claims/${encodeURIComponent(claimId)}/decision`,
    body,
  );
}

/** POST /api/admin/deals/:id/claims/:claimId/decision: an administrator splits the held escrow. */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    // The queue and the dashboard's count both read claims: the whole admin root is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminClaimsKey[0]] }),
  });
}
