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
  ): Promise<void> {
    if (!ctx.push) return;
    const recipientId =
      conversation.participant1Id === senderId ? conversation.participant2Id : conversation.participant1Id;
    const [sender] = await findUserBriefs(tx, [senderId]);
    await ctx.push.queue(
      recipientId,
      'messages',
      {
        title: `New message from ${sender?.name ?? 'a trader'}`,
        body: messagePreview(content),
        url: `/messages?conversation=${encodeURIComponent(conversation.id)}`,
        tag: `conversation-${conversation.id}`,
      },
      { tx },
    );
  }
  return { queueMessagePush };
}
