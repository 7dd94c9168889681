import type { MarketingPreferences } from '@app/shared/admin/bulk-email.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailPreferencesKeys } from './email-preferences-keys';

export async function getMarketingPreferences(signal?: AbortSignal): Promise<MarketingPreferences> {
  return api.get<MarketingPreferences>('/api/me/email-preferences', { signal });
}

/** GET /api/me/email-preferences: whether the signed-in user receives product news and campaigns. */
export const useMarketingPreferences = () =>
  useQuery(
    queryOptions({
      queryKey: emailPreferencesKeys.mine(),
      queryFn: ({ signal }) => getMarketingPreferences(signal),
    }),
  );

export async function updateMarketingPreferences(body: MarketingPreferences): Promise<MarketingPreferences> {
  return api.patch<MarketingPreferences>('/api/me/email-preferences', body);
}

/** PATCH /api/me/email-preferences: the switch moves at once and moves back if saving fails. */
export function useUpdateMarketingPreferences() {
  const queryClient = useQueryClient();
  const key = emailPreferencesKeys.mine();
  return useMutation({
    mutationFn: updateMarketingPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MarketingPreferences>(key);
      queryClient.setQueryData<MarketingPreferences>(key, body);
      return { previous };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
