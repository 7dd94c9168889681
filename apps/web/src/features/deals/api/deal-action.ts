import type { Deal, DealActionBody, DealList } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys, LISTINGS_QUERY_ROOT } from './deal-keys';

export type DealActionInput = { dealId: string; body: DealActionBody };

export async function applyDealAction({ dealId, body }: DealActionInput): Promise<Deal> {
  return api.post<Deal>(`/api/deals/${encodeURIComponent(dealId)}/actions`, body);
}

/** POST /api/deals/:id/actions: confirm, counter, reject, cancel, ship, release, refund, early release, dispute. */
export function useDealAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDealAction,
    onSuccess: (deal) => {
      // The answer is the deal as it is now: show it at once, then settle the list with the server.
      queryClient.setQueryData<DealList>(dealKeys.list(), (list) =>
        list ? { deals: list.deals.map((d) => (d.id === deal.id ? deal : d)) } : list,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealKeys.all }),
        queryClient.invalidateQueries({ queryKey: LISTINGS_QUERY_ROOT }),
      ]),
  });
}
