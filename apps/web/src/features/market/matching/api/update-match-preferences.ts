import type { MatchPreferences, UpdateMatchPreferencesBody } from '@app/shared/market/matching.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from './matching-keys';

export async function updateMatchPreferences(body: UpdateMatchPreferencesBody): Promise<MatchPreferences> {
  return api.patch<MatchPreferences>('/api/me/match-preferences', body);
}

/** PATCH /api/me/match-preferences: the switch moves at once and moves back if saving fails. */
export function useUpdateMatchPreferences() {
  const queryClient = useQueryClient();
  const key = matchingKeys.preferences();
  return useMutation({
    mutationFn: updateMatchPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MatchPreferences>(key);
      if (previous) queryClient.setQueryData<MatchPreferences>(key, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
