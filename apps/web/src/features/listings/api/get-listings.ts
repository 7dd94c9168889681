import { LISTING_LIMITS } from '@app/shared/listings/listing-rules';
import type { ListingPage, ListListingsQuery } from '@app/shared/listings/listings.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

/** The marketplace filters as the address bar holds them (page and limit are the query's business). */
export type ListingFilters = Partial<Omit<ListListingsQuery, 'page' | 'limit'>>;

const searchQuery = (filters: ListingFilters, page: number) => ({
  ...filters,
  page,
  limit: LISTING_LIMITS.marketplacePageSize,
});

export async function getListings(
  filters: ListingFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ListingPage> {
  return api.get<ListingPage>('/api/listings', { query: searchQuery(filters, page), signal });
}

export const getListingsQueryOptions = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: listingKeys.search(filters),
    queryFn: ({ pageParam, signal }) => getListings(filters, pageParam, signal),
    initialPageParam: 1,
    initialData: preloadedData('/api/listings', {
      query: searchQuery(filters, 1),
      pick: (page: ListingPage) => ({ pages: [page], pageParams: [1] }),
    }),
    getNextPageParam: (last, pages) => {
      // A full page may have a successor; an estimated total (totalExact false) cannot end the list.
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      const mayHaveMore = last.totalExact === false || loaded < last.total;
      return last.items.length === last.pageSize && mayHaveMore ? last.page + 1 : undefined;
    },
  });

/** GET /api/listings: the marketplace search, 20 at a time, "Load more" appends the next page. */
export const useListings = (filters: ListingFilters) => useInfiniteQuery(getListingsQueryOptions(filters));
