import { type BuyNowBody, type Deal, DealSchema } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export async function buyNow(body: BuyNowBody): Promise<Deal> {
  return DealSchema.parse(await api.post('/api/deals/buy-now', body));
}

/** POST /api/deals/buy-now: a deal for the sell listing's total. */
export function useBuyNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
