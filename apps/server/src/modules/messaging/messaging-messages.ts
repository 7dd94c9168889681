import { randomUUID } from 'node:crypto';
import {
  type ListMessagesQuery,
  type MarkReadResult,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type Message,
  type MessagePage,
  type SendMessageBody,
  type UnreadCount,
} from '@app/shared/messaging/messaging.schemas';
import { type FraudSignalKind, fraudSignalKinds, SENDER_CONTEXT } from '@app/shared/trust/fraud-signals';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import {
  type ConversationRow,
  findMessage,
  findMessageWithReply,
  insertMessage,
  listMessagesBefore,
  markConversationRead,
  recentTextsBySender,
  touchConversation,
  unreadTotalOf,
} from './messaging.repository.ts';
import type { MessagingAccess } from './messaging-access.ts';
import type { MessagingContext, PostInput } from './messaging-context.ts';
import type { MessagePush } from './messaging-push.ts';
import type { MessagingRealtime } from './messaging-realtime.ts';
import { toMessageView } from './messaging-views.ts';

const MESSAGE_NOT_FOUND = 'Message not found';

/**
 * Messages in a conversation: writing (by a participant under the write rules, or by another domain),
 * the thread's pages, read receipts and the unread badge; every new message is announced to both.
 */
export function createMessagingMessages(
  ctx: Pick<MessagingContext, 'db' | 'clock' | 'onFraudSignals' | 'logError'>,
  parts: {
    access: Pick<MessagingAccess, 'requireParticipant' | 'requireWriteAccess'>;
    realtime: Pick<MessagingRealtime, 'announceMessage' | 'publish'>;
    push: MessagePush;
  },
) {
  const { db, clock } = ctx;
  const { requireParticipant, requireWriteAccess } = parts.access;
  const { announceMessage, publish } = parts.realtime;

  /**
   * Inserts a message and moves the conversation's activity time, in one transaction. `senderName`:
   * the signed-in sender's name, when the caller has it.
   */
  async function insertIntoConversation(
    conversation: ConversationRow,
    senderId: string,
    input: PostInput,
    senderName?: string,
  ): Promise<Message> {
    if (input.replyToId) {
      const quoted = await findMessage(db, input.replyToId);
      if (!quoted || quoted.conversationId !== conversation.id)
        throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.replyNotFound);
    }
    const now = clock.now();
    const isText = (input.messageType ?? 'text') === 'text';
    // A trader's own words are checked for bank details and off-platform payment requests, read with
    // their last few messages (an IBAN split in two); the kinds are stored with the message, so the
    // recipient's warning survives a reload.
    const signals = isText
      ? fraudSignalKinds(input.content, await earlierTextsOf(conversation, senderId, now))
      : [];
    const row = await inTransaction(db, async (tx) => {
      const inserted = await insertMessage(tx, {
        id: randomUUID(),
        conversationId: conversation.id,
        senderId,
        content: input.content,
        messageType: input.messageType ?? 'text',
        metadata: input.metadata ?? {},
        fraudSignals: signals.length > 0 ? signals : null,
        replyToId: input.replyToId ?? null,
        createdAt: now,
      });
      await touchConversation(tx, conversation.id, now);
      // A trader's own words reach the other's devices; a deal's system messages come with the deal's push.
      if (isText) await parts.push.queueMessagePush(tx, conversation, senderId, input.content, senderName);
      return inserted;
    });
    // Only a reply needs the quoted snippet read back; the inserted row is the whole of any other message.
    const message = toMessageView(
      input.replyToId ? ((await findMessageWithReply(db, row.id, MESSAGING_LIMITS.snippetMax)) ?? row) : row,
      senderId,
    );
    await announceMessage(conversation, message, signals);
    if (signals.length > 0) await reportFraudSignals(conversation, row.id, senderId, signals);
    return message;
  }

  /** What a sender's new message is read with (SENDER_CONTEXT): their recent texts in the conversation. */
  function earlierTextsOf(conversation: ConversationRow, senderId: string, now: Date): Promise<string[]> {
    const since = new Date(now.getTime() - SENDER_CONTEXT.withinMs);
    return recentTextsBySender(db, conversation.id, senderId, since, SENDER_CONTEXT.previousMessages);
  }

  /** Flags the conversation for administrators (after the commit; a failure never fails the send). */
  async function reportFraudSignals(
    conversation: ConversationRow,
    messageId: string,
    senderId: string,
    signals: FraudSignalKind[],
  ): Promise<void> {
    const recipientId =
      conversation.participant1Id === senderId ? conversation.participant2Id : conversation.participant1Id;
    await ctx
      .onFraudSignals?.({ messageId, conversationId: conversation.id, senderId, recipientId, signals })
      .catch((err) => ctx.logError('flagging a message with fraud signals failed', err));
  }

  /** POST /api/conversations/:id/messages. */
  async function sendMessage(
    user: SessionUser,
    conversationId: string,
    body: SendMessageBody,
  ): Promise<Message> {
    const conversation = await requireParticipant(user.id, conversationId);
    await requireWriteAccess(user.id, conversation);
    return insertIntoConversation(
      conversation,
      user.id,
      { content: body.content, replyToId: body.replyToId },
      user.name,
    );
  }

  /**
   * Posts a message as one participant, with a type and metadata (a deal's system message). For
   * other domains; the sender must take part in the conversation. The platform's own messages go
   * into a deal thread whoever may write in it.
   */
  async function postMessage(conversationId: string, senderId: string, input: PostInput): Promise<Message> {
    const conversation = await requireParticipant(senderId, conversationId);
    return insertIntoConversation(conversation, senderId, input);
  }

  /** A page of the thread: the newest 50 (or the 50 before `before`), returned oldest first. */
  async function listMessages(user: SessionUser, id: string, query: ListMessagesQuery): Promise<MessagePage> {
    await requireParticipant(user.id, id);
    let cursor: { createdAt: Date; id: string } | null = null;
    if (query.before) {
      const before = await findMessage(db, query.before);
      if (!before || before.conversationId !== id) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
      cursor = { createdAt: before.createdAt, id: before.id };
    }
    const rows = await listMessagesBefore(db, id, cursor, query.limit + 1, MESSAGING_LIMITS.snippetMax);
    const hasMore = rows.length > query.limit;
    const items = rows
      .slice(0, query.limit)
      .reverse()
      .map((row) => toMessageView(row, user.id));
    return { items, hasMore, nextBefore: hasMore ? (items[0]?.id ?? null) : null };
  }

  /** Marks the other party's messages read and tells both participants (read receipts, badges). */
  async function markRead(user: SessionUser, id: string): Promise<MarkReadResult> {
    const conversation = await requireParticipant(user.id, id);
    const now = clock.now();
    const markedCount = await markConversationRead(db, id, user.id, now);
    const readAt = now.toISOString();
    if (markedCount > 0)
      await publish([conversation.participant1Id, conversation.participant2Id], {
        type: 'conversation.read',
        conversationId: id,
        readerId: user.id,
        readAt,
      });
    return { conversationId: id, markedCount, readAt };
  }

  async function unreadCount(user: SessionUser): Promise<UnreadCount> {
    return { unreadTotal: await unreadTotalOf(db, user.id) };
  }

  return {
    insertIntoConversation,
    sendMessage,
    postMessage,
    listMessages,
    markRead,
    unreadCount,
    reportFraudSignals,
  };
}

export type MessagingMessages = ReturnType<typeof createMessagingMessages>;
