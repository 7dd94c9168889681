import type { BuyNowBody, Deal } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys, LISTINGS_QUERY_ROOT } from './deal-keys';

export async function buyNow(body: BuyNowBody): Promise<Deal> {
  return api.post<Deal>('/api/deals/buy-now', body);
}

/** POST /api/deals/buy-now: a deal at the listed price for the quantity asked (it holds that quantity). */
export function useBuyNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealKeys.all }),
        queryClient.invalidateQueries({ queryKey: LISTINGS_QUERY_ROOT }),
      ]),
  });
}
