import type {
  MessagingPreferences,
  UpdateMessagingPreferencesBody,
} from '@app/shared/messaging/messaging.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function updateMessagingPreferences(
  body: UpdateMessagingPreferencesBody,
): Promise<MessagingPreferences> {
  return api.patch<MessagingPreferences>('/api/me/messaging-preferences', body);
}

/** PATCH /api/me/messaging-preferences: the switch moves at once and moves back if saving fails. */
export function useUpdateMessagingPreferences() {
  const queryClient = useQueryClient();
  const key = messagingKeys.preferences();
  return useMutation({
    mutationFn: updateMessagingPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MessagingPreferences>(key);
      if (previous) queryClient.setQueryData<MessagingPreferences>(key, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
