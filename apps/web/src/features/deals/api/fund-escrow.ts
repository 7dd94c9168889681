import type { FundEscrowBody, FundEscrowResult } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export type FundEscrowInput = { dealId: string; body: FundEscrowBody };

export async function fundEscrow({ dealId, body }: FundEscrowInput): Promise<FundEscrowResult> {
  return api.post<FundEscrowResult>(`/api/deals/${encodeURIComponent(dealId)}/fund`, body);
}

/** POST /api/deals/:id/fund (buyer): a checkout to open, an escrow transaction, or wire instructions. */
export function useFundEscrow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundEscrow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
