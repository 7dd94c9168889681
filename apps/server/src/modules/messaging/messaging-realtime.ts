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

  /**
   * `message.created` to both participants, in one NOTIFY. A message with fraud signals (`signals`)
   * goes out twice: to its sender as it is, to the recipient with the signals (the warning).
   */
  async function announceMessage(
    conversation: ConversationRow,
    message: Message,
    signals: Message['fraudSignals'] = [],
  ): Promise<void> {
    const eventOf = (m: Message): ServerRealtimeEvent => {
      const full: ServerRealtimeEvent = {
        type: 'message.created',
        conversationId: conversation.id,
        messageId: m.id,
        senderId: m.senderId,
        preview: messagePreview(m.content),
        message: m,
      };
      return Buffer.byteLength(JSON.stringify(full)) <= MAX_REALTIME_EVENT_BYTES
        ? full
        : { ...full, message: null };
    };
    const participants = [conversation.participant1Id, conversation.participant2Id];
    if (!signals?.length) return publish(participants, eventOf(message));
    const recipient = participants.find((id) => id !== message.senderId) ?? message.senderId;
    await publish([message.senderId], eventOf(message));
    await publish([recipient], eventOf({ ...message, fraudSignals: signals }));
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
