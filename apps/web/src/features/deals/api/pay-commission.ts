import type { PayCommissionBody, PayCommissionResult } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export type PayCommissionInput = { dealId: string; body: PayCommissionBody };

export async function payCommission({ dealId, body }: PayCommissionInput): Promise<PayCommissionResult> {
  return api.post<PayCommissionResult>(`/api/deals/${encodeURIComponent(dealId)}/commission`, body);
}

/** POST /api/deals/:id/commission: records who pays and answers the checkout of the caller's share. */
export function usePayCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payCommission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
