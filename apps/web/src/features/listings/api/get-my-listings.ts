import type { OwnListingPage } from '@app/shared/listings/listings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export async function getMyListings(page: number, signal?: AbortSignal): Promise<OwnListingPage> {
  return api.get<OwnListingPage>('/api/me/listings', { query: { page }, signal });
}

export const getMyListingsQueryOptions = (page: number, enabled = true) =>
  queryOptions({
    queryKey: listingKeys.mine(page),
    queryFn: ({ signal }) => getMyListings(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/me/listings: the signed-in user's listings, 12 per page, newest first. */
export const useMyListings = (page: number, enabled = true) =>
  useQuery(getMyListingsQueryOptions(page, enabled));
