import type { MatchPreferences } from '@app/shared/market/matching.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from './matching-keys';

export async function getMatchPreferences(signal?: AbortSignal): Promise<MatchPreferences> {
  return api.get<MatchPreferences>('/api/me/match-preferences', { signal });
}

export const getMatchPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: matchingKeys.preferences(),
    queryFn: ({ signal }) => getMatchPreferences(signal),
  });

/** GET /api/me/match-preferences: whether new matches are summarised in a daily email. */
export const useMatchPreferences = () => useQuery(getMatchPreferencesQueryOptions());
