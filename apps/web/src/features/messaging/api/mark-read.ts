import type { ConversationList, MarkReadResult, UnreadCount } from '@app/shared/messaging/messaging.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchConversation } from './get-conversations';
import { type MessagePages, mapMessages } from './get-messages';
import { messagingKeys } from './messaging-keys';

export async function markConversationRead(conversationId: string): Promise<MarkReadResult> {
  return api.post<MarkReadResult>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, {});
}

/**
 * POST /api/conversations/:id/read: the other party's messages turn read. The list, the thread and the
 * navigation badge clear at once and come back if the call fails.
 */
export function useMarkRead(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: async (conversationId: string) => {
      const listKey = messagingKeys.conversations();
      const countKey = messagingKeys.unreadCount();
      const messagesKey = messagingKeys.messages(conversationId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: listKey }),
        queryClient.cancelQueries({ queryKey: countKey }),
      ]);
      const previous = {
        list: queryClient.getQueryData<ConversationList>(listKey),
        count: queryClient.getQueryData<UnreadCount>(countKey),
        messages: queryClient.getQueryData<MessagePages>(messagesKey),
      };
      const cleared = previous.list?.items.find((c) => c.id === conversationId)?.unreadCount ?? 0;
      const now = new Date().toISOString();
      queryClient.setQueryData<ConversationList>(listKey, (list) =>
        patchConversation(list, conversationId, (c) => ({ ...c, unreadCount: 0 })),
      );
      queryClient.setQueryData<UnreadCount>(countKey, (count) =>
        count ? { unreadTotal: Math.max(0, count.unreadTotal - cleared) } : count,
      );
      queryClient.setQueryData<MessagePages>(messagesKey, (data) =>
        mapMessages(data, (m) => (m.senderId !== viewerId && !m.readAt ? { ...m, readAt: now } : m)),
      );
      return previous;
    },
    onError: (_error, conversationId, previous) => {
      if (!previous) return;
      queryClient.setQueryData(messagingKeys.conversations(), previous.list);
      queryClient.setQueryData(messagingKeys.unreadCount(), previous.count);
      queryClient.setQueryData(messagingKeys.messages(conversationId), previous.messages);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount() });
    },
  });
}
