import { DEAL_CONSTANTS, type DealList } from '@app/shared/deals/deals.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export async function getDeals(signal?: AbortSignal): Promise<DealList> {
  return api.get<DealList>('/api/deals', { signal });
}

/** An initiated deal both sides confirmed is about to become agreed: the screen rechecks it shortly. */
const awaitingAgreement = (list: DealList | undefined) =>
  list?.deals.some((d) => d.status === 'initiated' && d.buyerConfirmed && d.sellerConfirmed) ?? false;

export const getDealsQueryOptions = () =>
  queryOptions({
    queryKey: dealKeys.list(),
    queryFn: ({ signal }) => getDeals(signal),
    // Realtime events keep it current; a refetch on focus catches a payment finished in another tab.
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      awaitingAgreement(query.state.data) ? DEAL_CONSTANTS.confirmRecheckMs : false,
  });

/** GET /api/deals: the signed-in user's deals as buyer or seller, newest first. */
export const useDeals = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getDealsQueryOptions(), enabled: options.enabled ?? true });
