import type { Message } from '@app/shared/messaging/messaging.schemas';
import { messagePreview } from '@app/shared/messaging/messaging.schemas';
import type { ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import type { ConversationRow } from './messaging.repository.ts';
import type { MessagingContext } from './messaging-context.ts';

/** NOTIFY payloads must stay under 8000 bytes; a larger message travels as an id and a preview. */
const MAX_REALTIME_EVENT_BYTES = 7000;

/** Realtime fan-out to a conversation's two participants (one NOTIFY for both). */
export function createMessagingRealtime(ctx: Pick<MessagingContext, 'realtime' | 'logError'>) {
  const { realtime, logError } = ctx;

  /** Best effort: a failed publish never fails the write (clients also refetch on reconnect). */
  async function publish(userIds: string[], event: ServerRealtimeEvent): Promise<void> {
    await realtime.publishToUsers(userIds, event).catch((err) => logError('realtime publish failed', err));
  }

  async function announceMessage(conversation: ConversationRow, message: Message): Promise<void> {
    const full: ServerRealtimeEvent = {
      type: 'message.created',
      conversationId: conversation.id,
      messageId: message.id,
      senderId: message.senderId,
      preview: messagePreview(message.content),
      message,
    };
    const fits = Buffer.byteLength(JSON.stringify(full)) <= MAX_REALTIME_EVENT_BYTES;
    await publish(
      [conversation.participant1Id, conversation.participant2Id],
      fits ? full : { ...full, message: null },
    );
  }

  async function announceConversation(conversation: ConversationRow, startedBy: string): Promise<void> {
    await publish([conversation.participant1Id, conversation.participant2Id], {
      type: 'conversation.created',
      conversationId: conversation.id,
      startedBy,
    });
  }

  return { announceMessage, announceConversation, publish };
}

export type MessagingRealtime = ReturnType<typeof createMessagingRealtime>;
