import type { FraudSignalKind } from '@app/shared/trust/fraud-signals';
import type { Db } from '../../db/client.ts';
import {
  findConversation,
  findMessage,
  findUserBriefs,
  listMessagesAround,
  setMessageHidden,
} from './messaging.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import type { MessagingRealtime } from './messaging-realtime.ts';

/** Messages shown before and after a reported one. */
const CONTEXT_BEFORE = 6;
const CONTEXT_AFTER = 3;

/** One line of a conversation as an administrator reads it around a reported message. */
export type ModerationLine = {
  id: string;
  senderId: string;
  senderName: string;
  content: string;
  createdAt: Date;
  fraudSignals: FraudSignalKind[];
  hidden: boolean;
};

/** Messages in the moderation queue: who may report one, the conversation around it, removing it. */
export function createMessagingModeration(
  ctx: Pick<MessagingContext, 'db' | 'clock'>,
  realtime: Pick<MessagingRealtime, 'publish'>,
) {
  const { db, clock } = ctx;

  /**
   * A message a user may report: one in a conversation they take part in. Null otherwise (a stranger
   * learns nothing, as for the conversation itself).
   */
  async function findReportableMessage(
    messageId: string,
    userId: string,
  ): Promise<{ senderId: string } | null> {
    const message = await findMessage(db, messageId);
    if (!message) return null;
    const conversation = await findConversation(db, message.conversationId);
    if (!conversation || (conversation.participant1Id !== userId && conversation.participant2Id !== userId))
      return null;
    return { senderId: message.senderId };
  }

  /** A message with the conversation around it (the original text, even when removed). */
  async function messageInContext(messageId: string, tx: Db = db) {
    const message = await findMessage(tx, messageId);
    if (!message) return null;
    const conversation = await findConversation(tx, message.conversationId);
    if (!conversation) return null;
    const rows = await listMessagesAround(tx, message, CONTEXT_BEFORE, CONTEXT_AFTER);
    const people = new Map(
      (await findUserBriefs(tx, [conversation.participant1Id, conversation.participant2Id])).map((u) => [
        u.id,
        u,
      ]),
    );
    const lines: ModerationLine[] = rows.map((row) => ({
      id: row.id,
      senderId: row.senderId,
      senderName: people.get(row.senderId)?.name || people.get(row.senderId)?.email || 'Unknown',
      content: row.content,
      createdAt: row.createdAt,
      fraudSignals: row.fraudSignals ?? [],
      hidden: row.hiddenAt !== null,
    }));
    return {
      message: { id: message.id, senderId: message.senderId, hidden: message.hiddenAt !== null },
      conversation: { id: conversation.id, subject: conversation.subject },
      lines,
    };
  }

  /**
   * Removes a message from both participants' view, open pages included (`message.hidden`); false when
   * it was already removed or is gone.
   */
  async function hideMessage(messageId: string): Promise<boolean> {
    const hidden = await setMessageHidden(db, messageId, clock.now());
    if (!hidden) return false;
    const message = await findMessage(db, messageId);
    const conversation = message ? await findConversation(db, message.conversationId) : null;
    if (conversation)
      await realtime.publish([conversation.participant1Id, conversation.participant2Id], {
        type: 'message.hidden',
        conversationId: conversation.id,
        messageId,
      });
    return true;
  }

  return { findReportableMessage, messageInContext, hideMessage };
}
