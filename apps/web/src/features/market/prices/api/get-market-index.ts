import type { MarketIndex } from '@app/shared/market/price-index.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { priceIndexKeys } from './price-index-keys';

export async function getMarketIndex(signal?: AbortSignal): Promise<MarketIndex> {
  return api.get<MarketIndex>('/api/market/index', { signal });
}

export const getMarketIndexQueryOptions = () =>
  queryOptions({
    queryKey: priceIndexKeys.index(),
    queryFn: ({ signal }) => getMarketIndex(signal),
    initialData: preloadedData<MarketIndex>('/api/market/index'),
  });

/** GET /api/market/index: the latest point of every category and grade. */
export const useMarketIndex = () => useQuery(getMarketIndexQueryOptions());
