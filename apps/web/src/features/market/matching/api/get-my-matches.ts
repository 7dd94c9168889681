import { MATCH_LIMITS, type MatchList } from '@app/shared/market/matching.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from './matching-keys';

export async function getMyMatches(limit: number, signal?: AbortSignal): Promise<MatchList> {
  return api.get<MatchList>(`/api/me/matches?limit=${limit}`, { signal });
}

export const getMyMatchesQueryOptions = (limit: number = MATCH_LIMITS.defaultLimit) =>
  queryOptions({
    queryKey: matchingKeys.mine(limit),
    queryFn: ({ signal }) => getMyMatches(limit, signal),
    // Matches are computed by a job after a listing changes: coming back to the tab shows the new ones.
    refetchOnWindowFocus: true,
  });

/** GET /api/me/matches: the best matches across the user's active listings, best first. */
export const useMyMatches = (limit?: number) => useQuery(getMyMatchesQueryOptions(limit));
