import type { CreateDealBody, Deal } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export async function createDeal(body: CreateDealBody): Promise<Deal> {
  return api.post<Deal>('/api/deals', body);
}

/** POST /api/deals: Make Offer ("Propose a Deal"). */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
