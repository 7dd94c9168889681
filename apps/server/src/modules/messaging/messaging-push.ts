import { messagePreview } from '@app/shared/messaging/messaging.schemas';
import type { Db } from '../../db/client.ts';
import { type ConversationRow, findUserBriefs } from './messaging.repository.ts';
import type { MessagingContext } from './messaging-context.ts';

export type MessagePush = ReturnType<typeof createMessagePush>;

/** A trader's message on the other participant's devices (Web Push), written with the message. */
export function createMessagePush(ctx: Pick<MessagingContext, 'push'>) {
  async function queueMessagePush(
    tx: Db,
    conversation: Pick<ConversationRow, 'id' | 'participant1Id' | 'participant2Id'>,
    senderId: string,
    content: string,
    /** The sender's name when the caller has it (the signed-in sender): saves reading it. */
    knownSenderName?: string,
  ): Promise<void> {
    if (!ctx.push) return;
    const recipientId =
      conversation.participant1Id === senderId ? conversation.participant2Id : conversation.participant1Id;
    const senderName = knownSenderName ?? (await findUserBriefs(tx, [senderId]))[0]?.name;
    await ctx.push.queue(
      recipientId,
      'messages',
      {
        title: `New message from ${senderName ?? 'a trader'}`,
        body: messagePreview(content),
        url: `/messages?conversation=${encodeURIComponent(conversation.id)}`,
        tag: `conversation-${conversation.id}`,
      },
      // Never about a party the recipient blocked.
      { tx, about: senderId },
    );
  }
  return { queueMessagePush };
}
