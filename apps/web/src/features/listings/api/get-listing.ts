import type { OwnListing } from '@app/shared/listings/listings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

// Visitors get a Listing; owners and admins an OwnListing. The moderation fields are optional here.
export type ListingDetail = Partial<Pick<OwnListing, 'adminNotes' | 'reviewedAt'>> &
  Omit<OwnListing, 'adminNotes' | 'reviewedAt'>;

export async function getListing(id: string, signal?: AbortSignal): Promise<ListingDetail> {
  return api.get<ListingDetail>(`/api/listings/${encodeURIComponent(id)}`, { signal });
}

export const getListingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    initialData: preloadedData<ListingDetail>(`/api/listings/${encodeURIComponent(id)}`),
    // A missing listing stays missing: no retries on 4xx.
    retry: (count, error) => count < 2 && !(error && 'status' in error && Number(error.status) < 500),
  });

/** GET /api/listings/:id: the detail page. */
export const useListing = (id: string) => useQuery(getListingQueryOptions(id));
