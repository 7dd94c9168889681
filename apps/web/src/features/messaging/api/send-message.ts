import type { ConversationList, Message, SendMessageBody } from '@app/shared/messaging/messaging.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchConversation } from './get-conversations';
import { type MessagePages, removeMessages, upsertMessage } from './get-messages';
import { messagingKeys } from './messaging-keys';

/** Ids of messages shown before the server has them. */
export const PENDING_ID_PREFIX = 'pending:';
export const isPendingMessage = (message: Pick<Message, 'id'>) => message.id.startsWith(PENDING_ID_PREFIX);

export async function sendMessage(conversationId: string, body: SendMessageBody): Promise<Message> {
  return api.post<Message>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, body);
}

type SendInput = SendMessageBody & { quoted?: Message['replyTo'] };

/**
 * POST /api/conversations/:id/messages. The message shows at once (optimistic) and is replaced by the
 * server's copy, or taken out again when the send fails.
 */
export function useSendMessage(conversationId: string, senderId: string) {
  const queryClient = useQueryClient();
  const messagesKey = messagingKeys.messages(conversationId);
  return useMutation({
    mutationFn: ({ quoted: _quoted, ...body }: SendInput) => sendMessage(conversationId, body),
    onMutate: async ({ content, replyToId, quoted }) => {
      await queryClient.cancelQueries({ queryKey: messagesKey });
      const pending: Message = {
        id: `${PENDING_ID_PREFIX}${crypto.randomUUID()}`,
        conversationId,
        senderId,
        content: content.trim(),
        messageType: 'text',
        replyTo: replyToId && quoted ? quoted : null,
        metadata: {},
        readAt: null,
        createdAt: new Date().toISOString(),
      };
      queryClient.setQueryData<MessagePages>(messagesKey, (data) => upsertMessage(data, pending));
      return { pendingId: pending.id };
    },
    onSuccess: (message, _input, context) => {
      queryClient.setQueryData<MessagePages>(messagesKey, (data) => {
        const pending = data?.pages[0]?.items.find((m) => m.id === context?.pendingId);
        return upsertMessage(
          removeMessages(data, (m) => m.id !== context?.pendingId),
          { ...message, readAt: message.readAt ?? pending?.readAt ?? null },
        );
      });
      queryClient.setQueryData<ConversationList>(messagingKeys.conversations(), (list) =>
        patchConversation(list, conversationId, (c) => ({
          ...c,
          lastMessage: {
            id: message.id,
            content: message.content,
            senderId: message.senderId,
            messageType: message.messageType,
            createdAt: message.createdAt,
          },
          lastMessageAt: message.createdAt,
        })),
      );
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData<MessagePages>(messagesKey, (data) =>
        removeMessages(data, (m) => m.id !== context?.pendingId),
      );
    },
  });
}
