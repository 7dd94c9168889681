import type { ConversationOrigin } from '@app/shared/messaging/messaging.schemas';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { listingFacts } from '../listings/index.ts';
import { contactRequests, conversations, messages, messagingPreferences } from './messaging.table.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type ContactRequestRow = typeof contactRequests.$inferSelect;
export type NewContactRequestRow = typeof contactRequests.$inferInsert;
export type UserBrief = { id: string; name: string; email: string; company: string | null };
/**
 * A message with the first characters of the message it replies to. The quoted text of a message an
 * administrator removed is never read (`hidden`, content empty): no route can leak it.
 */
export type MessageWithReply = MessageRow & {
  replyTo: { id: string; senderId: string; content: string; hidden: boolean } | null;
};

const involves = (userId: string): SQL =>
  or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)) as SQL;

export async function findUserBrief(db: Db, id: string): Promise<UserBrief | undefined> {
  const [row] = await db
    .select({
      id: userDirectory.id,
      name: userDirectory.name,
      email: userDirectory.email,
      company: userDirectory.company,
    })
    .from(userDirectory)
    .where(eq(userDirectory.id, id));
  return row;
}

export async function findUserBriefs(db: Db, ids: string[]): Promise<UserBrief[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: userDirectory.id,
      name: userDirectory.name,
      email: userDirectory.email,
      company: userDirectory.company,
    })
    .from(userDirectory)
    .where(inArray(userDirectory.id, ids));
}

/** The owner of a listing, whatever its state (a conversation may be about an expired listing). */
export async function findListingOwner(db: Db, listingId: string) {
  const [row] = await db
    .select({ id: listingFacts.id, userId: listingFacts.userId, title: listingFacts.title })
    .from(listingFacts)
    .where(eq(listingFacts.id, listingId));
  return row;
}

export async function findCompanyOwner(db: Db, companyId: string) {
  const [row] = await db
    .select({
      id: companyDirectory.id,
      userId: companyDirectory.userId,
      companyName: companyDirectory.companyName,
      removedAt: companyDirectory.removedAt,
    })
    .from(companyDirectory)
    .where(eq(companyDirectory.id, companyId));
  return row;
}

/** The conversation of two userDirectory, in either order. */
export async function findConversationBetween(db: Db, a: string, b: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        sql`least(${conversations.participant1Id}, ${conversations.participant2Id}) = least(${a}::text, ${b}::text)`,
        sql`greatest(${conversations.participant1Id}, ${conversations.participant2Id}) = greatest(${a}::text, ${b}::text)`,
      ),
    );
  return row;
}

/**
 * Inserts the conversation unless the two users already share one (the pair's unique index decides,
 * also between concurrent inserts); returns the row either way and whether it is new.
 */
export async function insertConversationOrFindPair(
  db: Db,
  row: NewConversationRow,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(conversations).values(row).onConflictDoNothing().returning();
  if (inserted) return { conversation: inserted, created: true };
  const existing = await findConversationBetween(db, row.participant1Id, row.participant2Id);
  if (!existing) throw new Error('Conversation insert conflicted, but no conversation of the pair exists');
  return { conversation: existing, created: false };
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** findConversation as a prepared statement, for the check every send and read makes. */
export function prepareFindConversation(db: Db) {
  const query = db
    .select()
    .from(conversations)
    .where(eq(conversations.id, sql.placeholder('id')))
    .prepare('messaging_conversation_by_id');
  return async (id: string): Promise<ConversationRow | undefined> => (await query.execute({ id }))[0];
}

/** The user's conversations, newest activity first. */
export async function listConversationsOf(db: Db, userId: string, limit: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(involves(userId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
}

/**
 * The newest message of each conversation, its content cut to `snippet` characters; null content for
 * a message an administrator removed (its text is never read).
 */
export async function lastMessagesOf(db: Db, conversationIds: string[], snippet: number) {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.conversationId], {
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      messageType: messages.messageType,
      content: sql<
        string | null
      >`case when ${messages.hiddenAt} is null then left(${messages.content}, ${snippet}) end`,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
}

/** Unread messages per conversation for the reader: sent by the other party, read_at empty. */
export async function unreadCountsOf(db: Db, readerId: string, conversationIds: string[]) {
  if (conversationIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ conversationId: messages.conversationId, n: count() })
    .from(messages)
    .where(
      and(
        inArray(messages.conversationId, conversationIds),
        ne(messages.senderId, readerId),
        isNull(messages.readAt),
      ),
    )
    .groupBy(messages.conversationId);
  return new Map(rows.map((r) => [r.conversationId, r.n]));
}

/** Unread messages across all of the reader's conversations. */
export async function unreadTotalOf(db: Db, readerId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(involves(readerId), ne(messages.senderId, readerId), isNull(messages.readAt)));
  return n;
}

export async function insertMessage(db: Db, row: NewMessageRow): Promise<MessageRow> {
  const [inserted] = await db.insert(messages).values(row).returning();
  return inserted;
}

/** Moves the conversation's activity time forward (never back: messages may commit out of order). */
export async function touchConversation(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, id));
}

/** Makes a conversation a contact (general) or deal thread. */
export async function setConversationOrigin(db: Db, id: string, origin: ConversationOrigin): Promise<void> {
  await db.update(conversations).set({ origin }).where(eq(conversations.id, id));
}

/**
 * Who has written a text message in each conversation, as `${conversationId}:${senderId}` keys: one
 * indexed probe per participant, stopping at the first message found.
 */
export async function textWritersOf(db: Db, conversationIds: string[]): Promise<Set<string>> {
  if (conversationIds.length === 0) return new Set();
  const ids = sql.join(
    conversationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select c.id as conversation_id, w.sender_id
      from ${conversations} as c
      cross join lateral (values (c.participant_1_id), (c.participant_2_id)) as w(sender_id)
     where c.id in (${ids})
       and exists (select 1 from ${messages} as m
                    where m.conversation_id = c.id and m.sender_id = w.sender_id and m.message_type = 'text')
  `)) as unknown as { rows: Array<{ conversation_id: string; sender_id: string }> };
  const rows = result.rows.map((r) => ({ conversationId: r.conversation_id, senderId: r.sender_id }));
  return new Set(rows.map((r) => `${r.conversationId}:${r.senderId}`));
}

/**
 * The texts a trader wrote in a conversation since `since`, the newest `limit` of them, oldest first:
 * what a new message of theirs is checked with for fraud signals (a walk down the thread index).
 */
export async function recentTextsBySender(
  db: Db,
  conversationId: string,
  senderId: string,
  since: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.messageType, 'text'),
        gte(messages.createdAt, since),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map((row) => row.content).reverse();
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

const replies = alias(messages, 'reply');

/** A message's columns with its quoted message: the first `snippet` characters, none once removed. */
const withQuoted = (snippet: number) => ({
  message: messages,
  replyId: replies.id,
  replySenderId: replies.senderId,
  replyContent: sql<
    string | null
  >`case when ${replies.hiddenAt} is null then left(${replies.content}, ${snippet}) end`,
  replyHidden: sql<boolean>`${replies.hiddenAt} is not null`,
});

/**
 * A page of a thread, newest first: the messages before the cursor message (by created_at, then
 * id), each with the first `snippet` characters of the message it replies to.
 */
export async function listMessagesBefore(
  db: Db,
  conversationId: string,
  before: { createdAt: Date; id: string } | null,
  limit: number,
  snippet: number,
): Promise<MessageWithReply[]> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (before)
    conditions.push(
      or(
        lt(messages.createdAt, before.createdAt),
        and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
      ) as SQL,
    );
  const rows = await db
    .select(withQuoted(snippet))
    .from(messages)
    .leftJoin(replies, eq(replies.id, messages.replyToId))
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(withReply);
}

function withReply(r: {
  message: MessageRow;
  replyId: string | null;
  replySenderId: string | null;
  replyContent: string | null;
  replyHidden: boolean | null;
}): MessageWithReply {
  return {
    ...r.message,
    replyTo:
      r.replyId && r.replySenderId
        ? {
            id: r.replyId,
            senderId: r.replySenderId,
            content: r.replyContent ?? '',
            hidden: r.replyHidden === true,
          }
        : null,
  };
}

/** One message with the first `snippet` characters of the message it replies to. */
export async function findMessageWithReply(
  db: Db,
  id: string,
  snippet: number,
): Promise<MessageWithReply | undefined> {
  const [row] = await db
    .select(withQuoted(snippet))
    .from(messages)
    .leftJoin(replies, eq(replies.id, messages.replyToId))
    .where(eq(messages.id, id));
  return row && withReply(row);
}

/** Marks the reader's unread messages of a conversation read; returns how many. */
export async function markConversationRead(
  db: Db,
  conversationId: string,
  readerId: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, readerId),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * Takes, once, every message unread since before `cutoff` that no digest has taken yet, stamping
 * digest_sent_at. SKIP LOCKED lets instances run the sweep side by side without sharing a message.
 */
export async function claimDigestMessages(db: Db, cutoff: Date, now: Date, limit: number) {
  const result = (await db.execute(sql`
    update ${messages} as m set digest_sent_at = ${now.toISOString()}::timestamptz
    from ${conversations} as c
    where c.id = m.conversation_id and m.id in (
      select id from ${messages}
      where read_at is null and digest_sent_at is null and created_at <= ${cutoff.toISOString()}::timestamptz
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning m.id, m.conversation_id, m.sender_id, c.participant_1_id, c.participant_2_id, c.subject
  `)) as unknown as {
    rows: Array<{
      id: string;
      conversation_id: string;
      sender_id: string;
      participant_1_id: string;
      participant_2_id: string;
      subject: string;
    }>;
  };
  return result.rows.map((r) => ({
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    recipientId: r.sender_id === r.participant_1_id ? r.participant_2_id : r.participant_1_id,
    subject: r.subject,
  }));
}

export async function findPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(messagingPreferences).where(eq(messagingPreferences.userId, userId));
  return row;
}

/** Users among `userIds` who turned the digest off (no row means on). */
export async function digestOptOuts(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: messagingPreferences.userId })
    .from(messagingPreferences)
    .where(and(inArray(messagingPreferences.userId, userIds), eq(messagingPreferences.emailDigest, false)));
  return new Set(rows.map((r) => r.userId));
}

export async function upsertPreferences(db: Db, userId: string, emailDigest: boolean, at: Date) {
  const [row] = await db
    .insert(messagingPreferences)
    .values({ userId, emailDigest, updatedAt: at })
    .onConflictDoUpdate({ target: messagingPreferences.userId, set: { emailDigest, updatedAt: at } })
    .returning();
  return row;
}

/**
 * The pending request of a requester for a recipient, created or refreshed with the latest subject
 * and message (a retry may change them). One pending row per pair, so concurrent starts share it.
 */
export async function upsertPendingContactRequest(
  db: Db,
  row: NewContactRequestRow,
): Promise<ContactRequestRow> {
  const [saved] = await db
    .insert(contactRequests)
    .values(row)
    .onConflictDoUpdate({
      target: [contactRequests.requesterId, contactRequests.recipientId],
      targetWhere: sql`status = 'pending'`,
      set: {
        subject: row.subject,
        initialMessage: row.initialMessage,
        listingId: row.listingId ?? null,
        companyId: row.companyId ?? null,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return saved;
}

export async function findContactRequest(db: Db, id: string): Promise<ContactRequestRow | undefined> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id));
  return row;
}

export async function findContactRequestForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id)).for('update');
  return row;
}

export async function updateContactRequest(
  db: Db,
  id: string,
  patch: Partial<NewContactRequestRow>,
): Promise<void> {
  await db.update(contactRequests).set(patch).where(eq(contactRequests.id, id));
}

/** Takes the request's checkout lease when free (or expired); false while another holder has it. */
export async function takeCheckoutLease(db: Db, id: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(contactRequests)
    .set({ checkoutLockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(contactRequests.id, id),
        or(isNull(contactRequests.checkoutLockedUntil), lt(contactRequests.checkoutLockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: contactRequests.id });
  return rows.length === 1;
}

export async function releaseCheckoutLease(db: Db, id: string): Promise<void> {
  await db.update(contactRequests).set({ checkoutLockedUntil: null }).where(eq(contactRequests.id, id));
}

/**
 * The after-payment work still to do: a refund due, or an opened conversation nobody was told of.
 * `settledAt` is when an instance claimed the work; a claim older than `staleBefore` with work left was
 * taken by a process that died, and is taken again.
 */
const settlementDue = (staleBefore: Date) =>
  or(
    isNull(contactRequests.settledAt),
    and(
      lt(contactRequests.settledAt, staleBefore),
      or(
        eq(contactRequests.refundDue, true),
        and(eq(contactRequests.status, 'opened'), isNull(contactRequests.announcedAt)),
      ),
    ),
  );

/** Requests whose payment was booked but whose after-payment work (events, refund) is not done yet. */
export async function listUnsettledContactRequests(
  db: Db,
  limit: number,
  staleBefore: Date,
): Promise<ContactRequestRow[]> {
  return db
    .select()
    .from(contactRequests)
    .where(and(settlementDue(staleBefore), ne(contactRequests.status, 'pending')))
    .orderBy(asc(contactRequests.updatedAt))
    .limit(limit);
}

/** Claims the after-payment work of one request, so one instance does it once. */
export async function claimSettlement(db: Db, id: string, at: Date, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .update(contactRequests)
    .set({ settledAt: at })
    .where(and(eq(contactRequests.id, id), settlementDue(staleBefore)))
    .returning({ id: contactRequests.id });
  return rows.length === 1;
}

/** Up to `before` messages before one and `after` after it, oldest first, with the message itself. */
export async function listMessagesAround(
  db: Db,
  message: Pick<MessageRow, 'conversationId' | 'createdAt' | 'id'>,
  before: number,
  after: number,
): Promise<MessageRow[]> {
  const earlier = or(
    lt(messages.createdAt, message.createdAt),
    and(eq(messages.createdAt, message.createdAt), lt(messages.id, message.id)),
  );
  const later = or(
    sql`${messages.createdAt} > ${message.createdAt}`,
    and(eq(messages.createdAt, message.createdAt), sql`${messages.id} > ${message.id}`),
  );
  const [olderRows, newerRows] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, message.conversationId), earlier))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(before),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, message.conversationId), later))
      .orderBy(messages.createdAt, messages.id)
      .limit(after),
  ]);
  const self = await findMessage(db, message.id);
  return [...olderRows.reverse(), ...(self ? [self] : []), ...newerRows];
}

/** Marks a message removed by an administrator; false when it was already. */
export async function setMessageHidden(db: Db, id: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({ hiddenAt: at })
    .where(and(eq(messages.id, id), sql`${messages.hiddenAt} is null`))
    .returning({ id: messages.id });
  return updated.length > 0;
}
