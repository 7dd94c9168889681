import type { ListingPage } from '@app/shared/listings/listings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many of a company's listings its page shows at once. */
export const COMPANY_LISTINGS_PAGE_SIZE = 12;

export async function getCompanyListings(sellerId: string, page: number, signal?: AbortSignal) {
  return api.get<ListingPage>('/api/listings', {
    query: { sellerId, page, limit: COMPANY_LISTINGS_PAGE_SIZE },
    signal,
  });
}

/** GET /api/listings?sellerId=: the active, visible listings of a company's owner, newest first. */
export const useCompanyListings = (sellerId: string | undefined, page: number) =>
  useQuery(
    queryOptions({
      queryKey: ['listings', 'seller', sellerId, page],
      queryFn: ({ signal }) => getCompanyListings(sellerId as string, page, signal),
      enabled: Boolean(sellerId),
    }),
  );
