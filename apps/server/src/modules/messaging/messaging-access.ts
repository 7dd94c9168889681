import { MESSAGING_MESSAGES } from '@app/shared/messaging/messaging.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { AppError } from '../../lib/app-error.ts';
import { type ConversationRow, prepareFindConversation, textWritersOf } from './messaging.repository.ts';
import { type MessagingContext, otherOf } from './messaging-context.ts';

type WriteAccess = { canWrite: boolean; reason: string | null };
const OPEN: WriteAccess = { canWrite: true, reason: null };

/**
 * Who may read and write a conversation: its two participants read it; in a deal thread a user
 * with a contact fee writes only by the deal-thread rules (the deals module's liveDealsBetween).
 */
export function createMessagingAccess(
  ctx: Pick<MessagingContext, 'db' | 'billing' | 'liveDealsBetween' | 'blocks'>,
) {
  const { db, billing, liveDealsBetween } = ctx;

  /**
   * A block closes the conversation both ways (docs/DECISIONS.md, "Blocks"): the blocker is told why and
   * how to undo it, the blocked party only that they can't message this trader.
   */
  async function blockedAccess(userId: string, otherId: string): Promise<WriteAccess | null> {
    const standing = await ctx.blocks?.standing(userId, otherId);
    if (!standing) return null;
    return {
      canWrite: false,
      reason:
        standing === 'blocker'
          ? TRUST_MESSAGES.youBlockedTraderMessaging
          : TRUST_MESSAGES.cannotMessageTrader,
    };
  }

  /** 403 when a block stands between the user and the other participant (either way). */
  async function requireNotBlocked(userId: string, otherId: string): Promise<void> {
    const blocked = await blockedAccess(userId, otherId);
    if (blocked) throw new AppError('FORBIDDEN', blocked.reason ?? TRUST_MESSAGES.cannotMessageTrader);
  }
  const findConversation = prepareFindConversation(db);

  /** The conversation, if the user takes part in it; 404 otherwise (a stranger learns nothing). */
  async function requireParticipant(userId: string, conversationId: string): Promise<ConversationRow> {
    const row = await findConversation(conversationId);
    if (!row || (row.participant1Id !== userId && row.participant2Id !== userId))
      throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.conversationNotFound);
    return row;
  }

  /**
   * Who may write in each conversation. A contact conversation is open to both; so is every
   * conversation of a user without a contact fee (premium). In a deal thread a free user writes only
   * while a deal between the two is not cancelled and either they are its seller (who may ask before
   * confirming), or its seller has engaged: confirmed, countered, or written in this thread. A $0.01
   * offer therefore opens nothing until the seller answers, and a cancelled deal closes the thread.
   */
  async function writeAccessOf(
    userId: string,
    rows: ConversationRow[],
    contactFeeCents?: number,
  ): Promise<Map<string, WriteAccess>> {
    const access = new Map(rows.map((r) => [r.id, OPEN]));
    for (const row of rows) {
      const blocked = await blockedAccess(userId, otherOf(row, userId));
      if (blocked) access.set(row.id, blocked);
    }
    const dealThreads = rows.filter((r) => r.origin === 'deal' && access.get(r.id) === OPEN);
    if (dealThreads.length === 0) return access;
    const fee = contactFeeCents ?? (await billing.getEntitlements(userId)).contactFeeCents;
    if (fee <= 0) return access;
    const [live, writers] = await Promise.all([
      liveDealsBetween(userId, [...new Set(dealThreads.map((r) => otherOf(r, userId)))]),
      textWritersOf(
        db,
        dealThreads.map((r) => r.id),
      ),
    ]);
    for (const row of dealThreads) {
      const other = otherOf(row, userId);
      const deals = live.filter((d) => d.buyerUserId === other || d.sellerUserId === other);
      const open = deals.some(
        (d) => d.sellerUserId === userId || d.sellerEngaged || writers.has(`${row.id}:${d.sellerUserId}`),
      );
      if (!open)
        access.set(row.id, {
          canWrite: false,
          reason:
            deals.length > 0 ? MESSAGING_MESSAGES.dealThreadWaiting : MESSAGING_MESSAGES.dealThreadClosed,
        });
    }
    return access;
  }

  /**
   * 403 when a block stands between the two; 402 CONTACT_FEE_REQUIRED when the user may not write in
   * the conversation now (a deal thread).
   */
  async function requireWriteAccess(userId: string, conversation: ConversationRow): Promise<void> {
    await requireNotBlocked(userId, otherOf(conversation, userId));
    const access = (await writeAccessOf(userId, [conversation])).get(conversation.id) ?? OPEN;
    if (!access.canWrite)
      throw new AppError('CONTACT_FEE_REQUIRED', access.reason ?? MESSAGING_MESSAGES.dealThreadClosed);
  }

  return { requireParticipant, writeAccessOf, requireWriteAccess, requireNotBlocked };
}

export type MessagingAccess = ReturnType<typeof createMessagingAccess>;
