import type { NotificationList } from '@app/shared/market/matching.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './matching-keys';

export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/api/me/notifications', { signal });
}

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
  });

/** GET /api/me/notifications: the bell's list, newest first; fetched when the bell opens. */
export const useNotifications = (enabled: boolean) =>
  useQuery({ ...getNotificationsQueryOptions(), enabled });
