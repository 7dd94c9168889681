import type {
  MarkNotificationsReadBody,
  NotificationList,
  UnreadNotificationCount,
} from '@app/shared/market/matching.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './matching-keys';

export async function markNotificationsRead(
  body: MarkNotificationsReadBody,
): Promise<UnreadNotificationCount> {
  return api.patch<UnreadNotificationCount>('/api/me/notifications', body);
}

/**
 * PATCH /api/me/notifications: marks them read at once in the cache (the badge drops to the rest) and
 * rolls back if the server refuses; the server's count settles the badge.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const previousList = queryClient.getQueryData<NotificationList>(notificationKeys.list());
      const previousCount = queryClient.getQueryData<UnreadNotificationCount>(notificationKeys.unreadCount());
      const marks = (id: string) => ('all' in body ? true : body.ids.includes(id));
      const newlyRead = previousList?.items.filter((n) => !n.readAt && marks(n.id)).length ?? 0;
      const remaining = (count: number) => ('all' in body ? 0 : Math.max(0, count - newlyRead));
      const readAt = new Date().toISOString();
      if (previousList) {
        queryClient.setQueryData<NotificationList>(notificationKeys.list(), {
          items: previousList.items.map((n) => (!n.readAt && marks(n.id) ? { ...n, readAt } : n)),
          unreadCount: remaining(previousList.unreadCount),
        });
      }
      if (previousCount) {
        queryClient.setQueryData<UnreadNotificationCount>(notificationKeys.unreadCount(), {
          count: remaining(previousCount.count),
        });
      }
      return { previousList, previousCount };
    },
    onError: (_error, _body, context) => {
      queryClient.setQueryData(notificationKeys.list(), context?.previousList);
      queryClient.setQueryData(notificationKeys.unreadCount(), context?.previousCount);
    },
    onSuccess: (count) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) =>
        list ? { ...list, unreadCount: count.count } : list,
      );
    },
  });
}
