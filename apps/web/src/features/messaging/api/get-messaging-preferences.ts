import type { MessagingPreferences } from '@app/shared/messaging/messaging.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function getMessagingPreferences(signal?: AbortSignal): Promise<MessagingPreferences> {
  return api.get<MessagingPreferences>('/api/me/messaging-preferences', { signal });
}

export const getMessagingPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.preferences(),
    queryFn: ({ signal }) => getMessagingPreferences(signal),
  });

/** GET /api/me/messaging-preferences: whether unread messages are summarised by email. */
export const useMessagingPreferences = () => useQuery(getMessagingPreferencesQueryOptions());
