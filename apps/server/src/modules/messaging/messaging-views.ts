import {
  type ConversationSummary,
  MESSAGING_LIMITS,
  type Message,
} from '@app/shared/messaging/messaging.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import {
  type ConversationRow,
  findUserBriefs,
  lastMessagesOf,
  type MessageRow,
  type MessageWithReply,
  unreadCountsOf,
} from './messaging.repository.ts';
import type { MessagingAccess } from './messaging-access.ts';
import { type MessagingContext, otherOf } from './messaging-context.ts';

/** The quoted message of a reply; one an administrator removed shows the notice, never its text. */
function toQuotedView(quoted: MessageWithReply['replyTo']): Message['replyTo'] {
  if (!quoted) return null;
  const { id, senderId } = quoted;
  return quoted.hidden
    ? { id, senderId, content: TRUST_MESSAGES.messageHidden, hidden: true }
    : { id, senderId, content: quoted.content };
}

/**
 * A message as `viewerId` reads it (with the quoted snippet of a reply). Its fraud signals go to the
 * recipient only: the sender is never told what the checks found, so nobody rewords a request until
 * it passes unseen. A message an administrator removed keeps its place with a notice instead, and so
 * does its quote in any reply to it (earlier or later than the removal).
 */
export function toMessageView(row: MessageRow | MessageWithReply, viewerId: string | null): Message {
  const signals = row.fraudSignals ?? [];
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.hiddenAt ? TRUST_MESSAGES.messageHidden : row.content,
    messageType: row.messageType,
    replyTo: 'replyTo' in row && !row.hiddenAt ? toQuotedView(row.replyTo) : null,
    metadata: row.hiddenAt ? {} : (row.metadata ?? {}),
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(signals.length > 0 && viewerId !== null && viewerId !== row.senderId && !row.hiddenAt
      ? { fraudSignals: signals }
      : {}),
    ...(row.hiddenAt ? { hidden: true } : {}),
  };
}

/** Conversation summaries for one participant: the other party, last message, unread count and write access. */
export function createMessagingViews(
  ctx: Pick<MessagingContext, 'db'>,
  parts: { access: Pick<MessagingAccess, 'writeAccessOf'> },
) {
  const { db } = ctx;
  const { writeAccessOf } = parts.access;

  async function summarise(userId: string, rows: ConversationRow[]): Promise<ConversationSummary[]> {
    const ids = rows.map((r) => r.id);
    const [others, lasts, unread, access] = await Promise.all([
      findUserBriefs(db, [...new Set(rows.map((r) => otherOf(r, userId)))]),
      lastMessagesOf(db, ids, MESSAGING_LIMITS.snippetMax),
      unreadCountsOf(db, userId, ids),
      writeAccessOf(userId, rows),
    ]);
    const byId = new Map(others.map((u) => [u.id, u]));
    const lastBy = new Map(lasts.map((m) => [m.conversationId, m]));
    return rows.map((c) => {
      const otherId = otherOf(c, userId);
      const other = byId.get(otherId);
      const last = lastBy.get(c.id);
      return {
        id: c.id,
        subject: c.subject,
        otherParticipant: {
          id: otherId,
          name: other?.name || null,
          email: other?.email ?? null,
          company: other?.company ?? null,
        },
        listingId: c.listingId,
        companyId: c.companyId,
        lastMessage: last
          ? {
              id: last.id,
              content: last.content ?? TRUST_MESSAGES.messageHidden,
              senderId: last.senderId,
              messageType: last.messageType,
              createdAt: last.createdAt.toISOString(),
            }
          : null,
        unreadCount: unread.get(c.id) ?? 0,
        lastMessageAt: c.lastMessageAt.toISOString(),
        createdAt: c.createdAt.toISOString(),
        origin: c.origin,
        canWrite: access.get(c.id)?.canWrite ?? true,
        writeBlockedReason: access.get(c.id)?.reason ?? null,
      };
    });
  }

  return { summarise };
}

export type MessagingViews = ReturnType<typeof createMessagingViews>;
