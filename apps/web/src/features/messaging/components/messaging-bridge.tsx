import {
  type ConversationList,
  MESSAGING_MESSAGES,
  type UnreadCount,
} from '@app/shared/messaging/messaging.schemas';
import type { ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth-client';
import { realtimeClient } from '@/lib/realtime-client';
import { patchConversation } from '../api/get-conversations';
import { type MessagePages, mapMessages, removeMessages, upsertMessage } from '../api/get-messages';
import { messagingKeys } from '../api/messaging-keys';
import { isPendingMessage } from '../api/send-message';
import { getActiveConversationId } from '../hooks/active-conversation';
import { conversationPath } from '../utils/conversation-path';

type MessagingEvent = Extract<
  ServerRealtimeEvent,
  { type: 'message.created' | 'conversation.read' | 'conversation.created' }
>;

/** Whether the viewer may write in a conversation: refetched whenever a deal or a thread's state moves. */
const refetchSummaries = (queryClient: ReturnType<typeof useQueryClient>) => {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.singleConversations() });
};

/**
 * Applies the user's messaging events to the cached conversations, threads and unread badge, and
 * announces each incoming message with a "New Message" toast of its first 50 characters; when its
 * conversation is open in a visible tab the thread also marks it read.
 */
export function MessagingBridge() {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;

    const onEvent = (event: MessagingEvent) => {
      if (event.type === 'conversation.created') {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount() });
        return;
      }

      const messagesKey = messagingKeys.messages(event.conversationId);
      if (event.type === 'conversation.read') {
        if (event.readerId === userId) {
          // Read in another tab of this user: that conversation has nothing unread any more.
          queryClient.setQueryData<ConversationList>(messagingKeys.conversations(), (list) =>
            patchConversation(list, event.conversationId, (c) => ({ ...c, unreadCount: 0 })),
          );
          void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount() });
        } else {
          // The reader read everything we sent, a send still on its way included.
          queryClient.setQueryData<MessagePages>(messagesKey, (data) =>
            mapMessages(data, (m) =>
              m.senderId === userId && !m.readAt ? { ...m, readAt: event.readAt } : m,
            ),
          );
        }
        return;
      }

      const fromOther = event.senderId !== userId;
      const inView =
        getActiveConversationId() === event.conversationId && document.visibilityState === 'visible';
      const message = event.message;
      if (message) {
        queryClient.setQueryData<MessagePages>(messagesKey, (data) => {
          // Our own message from this tab: the send's optimistic copy gives way to the real one.
          const pendingCopy = data?.pages[0]?.items.find(
            (m) => isPendingMessage(m) && m.senderId === userId && m.content === message.content,
          );
          const withoutPending = pendingCopy ? removeMessages(data, (m) => m.id !== pendingCopy.id) : data;
          return upsertMessage(withoutPending, {
            ...message,
            readAt: message.readAt ?? pendingCopy?.readAt ?? null,
          });
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: messagesKey });
      }

      const listed = queryClient
        .getQueryData<ConversationList>(messagingKeys.conversations())
        ?.items.find((c) => c.id === event.conversationId);
      const known = Boolean(listed);
      // The seller writing in a deal thread opens it to the buyer.
      if (listed && !listed.canWrite) refetchSummaries(queryClient);
      queryClient.setQueryData<ConversationList>(messagingKeys.conversations(), (list) =>
        patchConversation(list, event.conversationId, (c) => ({
          ...c,
          lastMessage: message
            ? {
                id: message.id,
                content: message.content,
                senderId: message.senderId,
                messageType: message.messageType,
                createdAt: message.createdAt,
              }
            : c.lastMessage,
          lastMessageAt: message?.createdAt ?? new Date().toISOString(),
          unreadCount: fromOther && !inView ? c.unreadCount + 1 : c.unreadCount,
        })),
      );
      if (fromOther && !inView) {
        queryClient.setQueryData<UnreadCount>(messagingKeys.unreadCount(), (count) =>
          count ? { unreadTotal: count.unreadTotal + 1 } : count,
        );
      }
      // The server's figures settle any event this tab missed while offline.
      if (!known) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount() });

      // Every incoming message is announced, in the open thread too (which marks it read itself);
      // elsewhere the toast offers to open its conversation.
      if (fromOther) {
        toast(MESSAGING_MESSAGES.newMessageToast, {
          id: `message-${event.messageId}`,
          description: event.preview,
          action: inView
            ? undefined
            : { label: 'Open', onClick: () => navigate(conversationPath(event.conversationId)) },
        });
      }
    };

    const unsubscribe = realtimeClient.subscribe((event) => {
      // A deal created, confirmed, countered or cancelled opens or closes its deal thread.
      if (event.type === 'deal.created' || event.type === 'deal.updated') refetchSummaries(queryClient);
      // A message an administrator removed: the thread and the list (its last line, quotes of it) read
      // again, so the notice replaces the words everywhere they show.
      if (event.type === 'message.hidden') {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(event.conversationId) });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
        return;
      }
      if (
        event.type === 'message.created' ||
        event.type === 'conversation.read' ||
        event.type === 'conversation.created'
      )
        onEvent(event);
    });

    // Events sent before the socket opened (page load, reconnecting) are lost: read again then.
    const unsubscribeState = realtimeClient.subscribeOpen(() => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    });

    return () => {
      unsubscribe();
      unsubscribeState();
    };
  }, [userId, queryClient, navigate]);

  return null;
}
