import type { MatchList } from '@app/shared/market/matching.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from './matching-keys';

export async function getListingMatches(listingId: string, signal?: AbortSignal): Promise<MatchList> {
  return api.get<MatchList>(`/api/listings/${encodeURIComponent(listingId)}/matches`, { signal });
}

export const getListingMatchesQueryOptions = (listingId: string) =>
  queryOptions({
    queryKey: matchingKeys.forListing(listingId),
    queryFn: ({ signal }) => getListingMatches(listingId, signal),
    refetchOnWindowFocus: true,
  });

/** GET /api/listings/:id/matches: one of the user's own listings' matches (the owner only). */
export const useListingMatches = (listingId: string, enabled = true) =>
  useQuery({ ...getListingMatchesQueryOptions(listingId), enabled });
