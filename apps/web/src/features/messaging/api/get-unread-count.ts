import type { UnreadCount } from '@app/shared/messaging/messaging.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/api/me/unread-count', { signal });
}

export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchOnWindowFocus: true,
  });

/** GET /api/me/unread-count: the navigation badge (kept live by the messaging bridge). */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...getUnreadCountQueryOptions(), enabled });
