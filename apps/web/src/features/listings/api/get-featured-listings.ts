import type { Listing } from '@app/shared/listings/listings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export async function getFeaturedListings(signal?: AbortSignal): Promise<Listing[]> {
  return (await api.get<{ items: Listing[] }>('/api/listings/featured', { signal })).items;
}

export const getFeaturedListingsQueryOptions = () =>
  queryOptions({
    queryKey: listingKeys.featured(),
    queryFn: ({ signal }) => getFeaturedListings(signal),
    initialData: preloadedData('/api/listings/featured', {
      pick: (body: { items: Listing[] }) => body.items,
    }),
  });

/** GET /api/listings/featured: the landing page's 6 (featured first, then newest). */
export const useFeaturedListings = () => useQuery(getFeaturedListingsQueryOptions());
