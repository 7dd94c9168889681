import type { UnreadNotificationCount } from '@app/shared/market/matching.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './matching-keys';

export async function getNotificationUnreadCount(signal?: AbortSignal): Promise<UnreadNotificationCount> {
  return api.get<UnreadNotificationCount>('/api/me/notifications/unread-count', { signal });
}

export const getNotificationUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getNotificationUnreadCount(signal),
    refetchOnWindowFocus: true,
  });

/** GET /api/me/notifications/unread-count: the bell's badge (kept live by the matching bridge). */
export const useNotificationUnreadCount = (enabled: boolean) =>
  useQuery({ ...getNotificationUnreadCountQueryOptions(), enabled });
