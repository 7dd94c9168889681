import { randomUUID } from 'node:crypto';
import {
  type ContactRequest,
  type ConversationList,
  type ConversationOrigin,
  type ConversationSummary,
  defaultConversationSubject,
  type ListMessagesQuery,
  type MarkReadResult,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type Message,
  type MessagePage,
  type MessageType,
  type MessagingPreferences,
  messagePreview,
  type SendMessageBody,
  type StartConversationBody,
  type StartConversationResult,
  type UnreadCount,
  type UpdateMessagingPreferencesBody,
} from '@app/shared/messaging/messaging.schemas';
import type { ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { BillingService } from '../billing/index.ts';
import { LEDGER_ACCOUNTS, type LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { messageDigestEmail } from './messaging.emails.ts';
import { type PaymentsService, revenueBooks } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import {
  type ContactRequestRow,
  type ConversationRow,
  claimDigestMessages,
  claimSettlement,
  digestOptOuts,
  findCompanyOwner,
  findContactRequest,
  findContactRequestForUpdate,
  findConversation,
  findConversationBetween,
  findListingOwner,
  findMessage,
  findMessageWithReply,
  findPreferences,
  findUserBrief,
  findUserBriefs,
  insertConversationOrFindPair,
  insertMessage,
  lastMessagesOf,
  listConversationsOf,
  listMessagesBefore,
  listUnsettledContactRequests,
  type MessageRow,
  type MessageWithReply,
  markConversationRead,
  releaseCheckoutLease,
  setConversationOrigin,
  takeCheckoutLease,
  textWritersOf,
  touchConversation,
  type UserBrief,
  unreadCountsOf,
  unreadTotalOf,
  updateContactRequest,
  upsertPendingContactRequest,
  upsertPreferences,
} from './messaging.repository.ts';

/** NOTIFY payloads must stay under 8000 bytes; a larger message travels as an id and a preview. */
const MAX_REALTIME_EVENT_BYTES = 7000;
/** How long one start request may hold the checkout lease, and how long another waits for it. */
const CHECKOUT_LEASE_SECONDS = 30;
const CHECKOUT_WAIT_MS = 15_000;
const DIGEST_BATCH = 5000;
const SETTLE_BATCH = 50;
const MESSAGE_NOT_FOUND = 'Message not found';

export type MessagingService = ReturnType<typeof createMessagingService>;

/** A deal between two users that is not cancelled, and whether its seller has engaged (confirmed, countered). */
export type LiveDeal = { buyerUserId: string; sellerUserId: string; sellerEngaged: boolean };

type WriteAccess = { canWrite: boolean; reason: string | null };
const OPEN: WriteAccess = { canWrite: true, reason: null };

type Target = {
  recipient: UserBrief;
  listingId: string | null;
  companyId: string | null;
  /** The name in the default subject: the company's when started from a company, else the person's. */
  displayName: string;
};

type PostInput = {
  content: string;
  messageType?: MessageType;
  metadata?: Record<string, unknown>;
  replyToId?: string | null;
};

/**
 * Conversations and messages between two traders, the contact fee of free users, read receipts,
 * realtime fan-out to both participants and the unread-message email digest.
 */
export function createMessagingService(deps: {
  db: Db;
  clock: Clock;
  billing: BillingService;
  payments: PaymentsService;
  /** Where this module books its sales (the payment purpose's revenue account). */
  ledger: Pick<LedgerService, 'postTransaction'>;
  realtime: RealtimeService;
  notifications: NotificationsService;
  appUrl: string;
  /** The deals between a user and each of some others that are not cancelled (the deals module's query). */
  liveDealsBetween: (userId: string, otherUserIds: string[]) => Promise<LiveDeal[]>;
  logError?: (msg: string, err: unknown) => void;
}) {
  const { db, clock, billing, payments, realtime, notifications, appUrl, liveDealsBetween } = deps;
  const logError = deps.logError ?? logErrorLine;

  // The contact fee: the paid start becomes a conversation inside the transaction that books the
  // payment. Realtime events and a refund (if due) follow the commit, in settleContactRequests.
  payments.registerPurposeHandler('contact_fee', {
    books: revenueBooks(deps.ledger, LEDGER_ACCOUNTS.revenueContactFees),
    async onSucceeded(payment, tx) {
      const requestId = payment.metadata.contactRequestId;
      const request = requestId ? await findContactRequestForUpdate(tx, requestId) : undefined;
      if (request?.status !== 'pending') return;
      const now = clock.now();
      try {
        await tx.transaction(async (savepoint) => {
          const { conversation, created } = await insertConversationOrFindPair(savepoint as Db, {
            id: randomUUID(),
            participant1Id: request.requesterId,
            participant2Id: request.recipientId,
            subject: request.subject,
            listingId: request.listingId,
            companyId: request.companyId,
            lastMessageAt: now,
            createdAt: now,
          });
          const message = await insertMessage(savepoint as Db, {
            id: randomUUID(),
            conversationId: conversation.id,
            senderId: request.requesterId,
            content: request.initialMessage,
            createdAt: now,
          });
          await touchConversation(savepoint as Db, conversation.id, now);
          // The two share a deal thread: the fee makes it a general conversation (nothing to refund).
          const converts = !created && conversation.origin === 'deal';
          if (converts) await setConversationOrigin(savepoint as Db, conversation.id, 'contact');
          // Someone opened a conversation meanwhile: the message goes there and the fee goes back.
          await updateContactRequest(savepoint as Db, request.id, {
            status: 'opened',
            conversationId: conversation.id,
            messageId: message.id,
            paymentId: payment.id,
            refundDue: !created && !converts,
            updatedAt: now,
          });
        });
      } catch (err) {
        await updateContactRequest(tx, request.id, {
          status: 'refunded',
          paymentId: payment.id,
          refundDue: true,
          failureReason: err instanceof Error ? err.message : String(err),
          updatedAt: now,
        });
      }
    },
  });
  payments.onProviderEvent(['checkout.session.completed', 'checkout.session.async_payment_succeeded'], () =>
    settleContactRequests()
      .then(() => undefined)
      .catch((err) => logError('contact request settlement failed', err)),
  );

  // --- views ---

  function toMessageView(row: MessageRow | MessageWithReply): Message {
    return {
      id: row.id,
      conversationId: row.conversationId,
      senderId: row.senderId,
      content: row.content,
      messageType: row.messageType,
      replyTo: 'replyTo' in row ? row.replyTo : null,
      metadata: row.metadata ?? {},
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const otherOf = (c: ConversationRow, userId: string) =>
    c.participant1Id === userId ? c.participant2Id : c.participant1Id;

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
              content: last.content,
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

  // --- access ---

  /** The conversation, if the user takes part in it; 404 otherwise (a stranger learns nothing). */
  async function requireParticipant(userId: string, conversationId: string): Promise<ConversationRow> {
    const row = await findConversation(db, conversationId);
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
    const dealThreads = rows.filter((r) => r.origin === 'deal');
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

  /** 402 CONTACT_FEE_REQUIRED when the user may not write in the conversation now (a deal thread). */
  async function requireWriteAccess(userId: string, conversation: ConversationRow): Promise<void> {
    const access = (await writeAccessOf(userId, [conversation])).get(conversation.id) ?? OPEN;
    if (!access.canWrite)
      throw new AppError('CONTACT_FEE_REQUIRED', access.reason ?? MESSAGING_MESSAGES.dealThreadClosed);
  }

  /** Whom a start names: a user, a listing's owner or a company's owner (all must agree). */
  async function resolveTarget(user: SessionUser, body: StartConversationBody): Promise<Target> {
    let recipientId = body.participantId ?? null;
    let listingId: string | null = null;
    let companyId: string | null = null;
    let companyName: string | null = null;
    const agree = (ownerId: string) => {
      if (recipientId && recipientId !== ownerId)
        throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.invalidTargetUser);
      recipientId = ownerId;
    };
    if (body.listingId) {
      const listing = await findListingOwner(db, body.listingId);
      if (!listing) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.listingNotFound);
      if (listing.userId === user.id)
        throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.cannotMessageYourself);
      agree(listing.userId);
      listingId = listing.id;
    }
    if (body.companyId) {
      const company = await findCompanyOwner(db, body.companyId);
      if (!company || company.removedAt) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.companyNotFound);
      if (company.userId === user.id)
        throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.cannotMessageYourself);
      agree(company.userId);
      companyId = company.id;
      companyName = company.companyName || null;
    }
    if (!recipientId) throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.targetRequired);
    if (recipientId === user.id)
      throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.cannotMessageYourself);
    const recipient = await findUserBrief(db, recipientId);
    if (!recipient) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.invalidTargetUser);
    return {
      recipient,
      listingId,
      companyId,
      displayName: companyName ?? (recipient.name || recipient.email),
    };
  }

  // --- realtime ---

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

  // --- writes ---

  /** Inserts a message and moves the conversation's activity time, in one transaction. */
  async function insertIntoConversation(
    conversation: ConversationRow,
    senderId: string,
    input: PostInput,
  ): Promise<Message> {
    if (input.replyToId) {
      const quoted = await findMessage(db, input.replyToId);
      if (!quoted || quoted.conversationId !== conversation.id)
        throw new AppError('VALIDATION_FAILED', MESSAGING_MESSAGES.replyNotFound);
    }
    const now = clock.now();
    const row = await inTransaction(db, async (tx) => {
      const inserted = await insertMessage(tx, {
        id: randomUUID(),
        conversationId: conversation.id,
        senderId,
        content: input.content,
        messageType: input.messageType ?? 'text',
        metadata: input.metadata ?? {},
        replyToId: input.replyToId ?? null,
        createdAt: now,
      });
      await touchConversation(tx, conversation.id, now);
      return inserted;
    });
    // Only a reply needs the quoted snippet read back; the inserted row is the whole of any other message.
    const message = toMessageView(
      input.replyToId ? ((await findMessageWithReply(db, row.id, MESSAGING_LIMITS.snippetMax)) ?? row) : row,
    );
    await announceMessage(conversation, message);
    return message;
  }

  /**
   * Opens (or reuses) the conversation of two users with a first message, free of charge. For
   * premium starts (origin `contact`) and for other domains: a conversation another domain opens is
   * a deal thread (origin `deal`, the default) unless it says otherwise. A reused conversation keeps
   * its origin.
   */
  async function openConversation(input: {
    starterId: string;
    recipientId: string;
    subject: string;
    listingId?: string | null;
    companyId?: string | null;
    origin?: ConversationOrigin;
    firstMessage: PostInput;
  }): Promise<{ conversation: ConversationRow; created: boolean; message: Message }> {
    const now = clock.now();
    const { conversation, created } = await insertConversationOrFindPair(db, {
      id: randomUUID(),
      participant1Id: input.starterId,
      participant2Id: input.recipientId,
      subject: input.subject,
      listingId: input.listingId ?? null,
      companyId: input.companyId ?? null,
      origin: input.origin ?? 'deal',
      lastMessageAt: now,
      createdAt: now,
    });
    if (created) await announceConversation(conversation, input.starterId);
    const message = await insertIntoConversation(conversation, input.starterId, input.firstMessage);
    return { conversation, created, message };
  }

  /**
   * POST /api/conversations. An existing conversation of the two users gets the message (free) when
   * the user may write in it; a premium user opens a new one at once (and makes a deal thread a
   * general conversation); a free user pays the contact fee first, also to turn a deal thread they
   * may not write in into a general conversation.
   */
  async function startConversation(
    user: SessionUser,
    body: StartConversationBody,
  ): Promise<StartConversationResult> {
    const target = await resolveTarget(user, body);
    const subject = body.subject || defaultConversationSubject(target.displayName);
    const firstMessage = { content: body.initialMessage };
    const existing = await findConversationBetween(db, user.id, target.recipient.id);
    const { contactFeeCents } = await billing.getEntitlements(user.id);
    if (existing) {
      if (existing.origin === 'deal' && contactFeeCents <= 0)
        await setConversationOrigin(db, existing.id, 'contact');
      else if (!(await writeAccessOf(user.id, [existing], contactFeeCents)).get(existing.id)?.canWrite)
        return startPaidContact(user, target, subject, body.initialMessage, contactFeeCents);
      const message = await insertIntoConversation(existing, user.id, firstMessage);
      const [summary] = await summarise(user.id, [(await findConversation(db, existing.id)) ?? existing]);
      return { status: 'opened', created: false, conversation: summary, message };
    }
    if (contactFeeCents <= 0) {
      const opened = await openConversation({
        starterId: user.id,
        recipientId: target.recipient.id,
        subject,
        listingId: target.listingId,
        companyId: target.companyId,
        origin: 'contact',
        firstMessage,
      });
      const [summary] = await summarise(user.id, [
        (await findConversation(db, opened.conversation.id)) ?? opened.conversation,
      ]);
      return { status: 'opened', created: opened.created, conversation: summary, message: opened.message };
    }
    return startPaidContact(user, target, subject, body.initialMessage, contactFeeCents);
  }

  /**
   * A free user's new conversation: a pending request plus a one-time checkout for the fee. The
   * request (one per pair) and the payment (one live per payer and recipient) are reused by retries,
   * and a lease on the request lets one caller at a time open the checkout, so two concurrent starts
   * answer the same checkout and the fee is charged once.
   */
  async function startPaidContact(
    user: SessionUser,
    target: Target,
    subject: string,
    initialMessage: string,
    amountCents: number,
  ): Promise<StartConversationResult> {
    const now = clock.now();
    const request = await upsertPendingContactRequest(db, {
      id: randomUUID(),
      requesterId: user.id,
      recipientId: target.recipient.id,
      subject,
      initialMessage,
      listingId: target.listingId,
      companyId: target.companyId,
      createdAt: now,
      updatedAt: now,
    });
    return withCheckoutLease(request.id, async () => {
      const { payment, url } = await payments.startCheckout({
        user,
        purpose: 'contact_fee',
        targetType: 'user',
        targetId: target.recipient.id,
        amountCents,
        description: `Contact fee: conversation with ${target.displayName}`,
        metadata: { contactRequestId: request.id },
        successPath: `/messages?contact=success&request=${request.id}`,
        cancelPath: `/messages?contact=cancelled&request=${request.id}`,
      });
      await updateContactRequest(db, request.id, {
        paymentId: payment.id,
        amountCents: payment.amountCents,
        updatedAt: clock.now(),
      });
      return {
        status: 'payment_required' as const,
        contactRequestId: request.id,
        checkoutUrl: url,
        amountCents: payment.amountCents,
      };
    });
  }

  async function withCheckoutLease<T>(requestId: string, fn: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + CHECKOUT_WAIT_MS;
    while (!(await takeCheckoutLease(db, requestId, CHECKOUT_LEASE_SECONDS))) {
      if (Date.now() > deadline) throw new AppError('CONFLICT', MESSAGING_MESSAGES.startFailed);
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      return await fn();
    } finally {
      await releaseCheckoutLease(db, requestId);
    }
  }

  /**
   * After a contact fee is booked: tells both participants of the opened conversation and refunds
   * the fee where due (the conversation existed already, or could not be created). Runs after the
   * payment webhook and on a schedule; each request is claimed, so it is done once.
   */
  async function settleContactRequests(): Promise<{ settled: number }> {
    let settled = 0;
    for (const request of await listUnsettledContactRequests(db, SETTLE_BATCH)) {
      if (!(await claimSettlement(db, request.id, clock.now()))) continue;
      try {
        await settleOne(request);
        settled += 1;
      } catch (err) {
        await updateContactRequest(db, request.id, { settledAt: null });
        logError('contact request settlement failed', err);
      }
    }
    return { settled };
  }

  async function settleOne(request: ContactRequestRow): Promise<void> {
    if (!request.announcedAt && request.status === 'opened' && request.conversationId && request.messageId) {
      const conversation = await findConversation(db, request.conversationId);
      const message = await findMessageWithReply(db, request.messageId, MESSAGING_LIMITS.snippetMax);
      if (conversation && message) {
        if (!request.refundDue) await announceConversation(conversation, request.requesterId);
        await announceMessage(conversation, toMessageView(message));
      }
      await updateContactRequest(db, request.id, { announcedAt: clock.now() });
    }
    if (request.refundDue && request.paymentId) {
      try {
        await payments.refundPayment(request.paymentId, { failureMessage: MESSAGING_MESSAGES.startFailed });
      } catch (err) {
        // Already refunded (an earlier attempt whose bookkeeping finished) is done, not an error.
        if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
      }
      await updateContactRequest(db, request.id, { refundDue: false, updatedAt: clock.now() });
    }
  }

  /** GET /api/contact-requests/:id: what became of a paid start (its requester only). */
  async function getContactRequest(user: SessionUser, id: string): Promise<ContactRequest> {
    const row = await findContactRequest(db, id);
    if (!row || row.requesterId !== user.id)
      throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.contactRequestNotFound);
    return {
      id: row.id,
      status: row.status,
      conversationId: row.status === 'opened' ? row.conversationId : null,
      amountCents: row.amountCents,
    };
  }

  /** POST /api/conversations/:id/messages. */
  async function sendMessage(
    user: SessionUser,
    conversationId: string,
    body: SendMessageBody,
  ): Promise<Message> {
    const conversation = await requireParticipant(user.id, conversationId);
    await requireWriteAccess(user.id, conversation);
    return insertIntoConversation(conversation, user.id, {
      content: body.content,
      replyToId: body.replyToId,
    });
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

  // --- reads ---

  async function listConversations(user: SessionUser): Promise<ConversationList> {
    const rows = await listConversationsOf(db, user.id, MESSAGING_LIMITS.conversationListMax);
    const [items, unreadTotal] = await Promise.all([summarise(user.id, rows), unreadTotalOf(db, user.id)]);
    return { items, unreadTotal };
  }

  async function getConversation(user: SessionUser, id: string): Promise<ConversationSummary> {
    const row = await requireParticipant(user.id, id);
    return (await summarise(user.id, [row]))[0];
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
    const items = rows.slice(0, query.limit).reverse().map(toMessageView);
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

  async function getPreferences(user: SessionUser): Promise<MessagingPreferences> {
    const row = await findPreferences(db, user.id);
    return { emailDigest: row?.emailDigest ?? true };
  }

  async function updatePreferences(
    user: SessionUser,
    body: UpdateMessagingPreferencesBody,
  ): Promise<MessagingPreferences> {
    if (body.emailDigest === undefined) return getPreferences(user);
    const row = await upsertPreferences(db, user.id, body.emailDigest, clock.now());
    return { emailDigest: row.emailDigest };
  }

  // --- digest ---

  /**
   * The email digest: every message unread for 15 minutes is taken once; each recipient who has the
   * digest on gets one email listing the conversations and their counts. A recipient with it off is
   * skipped for those messages for good (turning it on later sends no backlog).
   */
  async function runDigest(): Promise<{ emails: number; messages: number }> {
    // One transaction: the messages are marked digested exactly when their emails are in the outbox,
    // so neither a failure nor a crash in between loses a digest (the batch is taken again next run).
    return db.transaction((tx) => digestBatch(tx));
  }

  async function digestBatch(tx: Db): Promise<{ emails: number; messages: number }> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - MESSAGING_LIMITS.digestDelayMinutes * 60_000);
    const claimed = await claimDigestMessages(tx, cutoff, now, DIGEST_BATCH);
    if (claimed.length === 0) return { emails: 0, messages: 0 };
    const recipientIds = [...new Set(claimed.map((m) => m.recipientId))];
    const optedOut = await digestOptOuts(tx, recipientIds);
    const people = new Map(
      (await findUserBriefs(tx, [...new Set(claimed.flatMap((m) => [m.recipientId, m.senderId]))])).map(
        (u) => [u.id, u],
      ),
    );
    let emails = 0;
    for (const recipientId of recipientIds) {
      const recipient = people.get(recipientId);
      if (!recipient || optedOut.has(recipientId)) continue;
      const mine = claimed.filter((m) => m.recipientId === recipientId);
      const byConversation = new Map<string, { subject: string; senders: Set<string>; count: number }>();
      for (const m of mine) {
        const entry = byConversation.get(m.conversationId) ?? {
          subject: m.subject,
          senders: new Set<string>(),
          count: 0,
        };
        entry.count += 1;
        entry.senders.add(m.senderId);
        byConversation.set(m.conversationId, entry);
      }
      const conversations = [...byConversation].map(([id, c]) => ({
        subject: c.subject,
        count: c.count,
        fromName: [...c.senders]
          .map((s) => people.get(s)?.name || people.get(s)?.email || MESSAGING_MESSAGES.unknownUser)
          .join(', '),
        url: `${appUrl}/messages?conversation=${encodeURIComponent(id)}`,
      }));
      await notifications.queueEmail(
        {
          to: recipient.email,
          kind: 'message-digest',
          meta: { conversationIds: [...byConversation.keys()], messageCount: mine.length },
          render: (brand) =>
            messageDigestEmail(
              brand,
              recipient.name || recipient.email,
              conversations,
              `${appUrl}/messages`,
              `${appUrl}/account?tab=preferences`,
            ),
        },
        { tx },
      );
      emails += 1;
    }
    return { emails, messages: claimed.length };
  }

  return {
    startConversation,
    getContactRequest,
    settleContactRequests,
    listConversations,
    getConversation,
    listMessages,
    sendMessage,
    postMessage,
    openConversation,
    markRead,
    unreadCount,
    getPreferences,
    updatePreferences,
    runDigest,
  };
}
