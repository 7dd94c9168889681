import { randomUUID } from 'node:crypto';
import {
  type ConversationList,
  type ConversationOrigin,
  type ConversationSummary,
  defaultConversationSubject,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type Message,
  type StartConversationBody,
  type StartConversationResult,
} from '@app/shared/messaging/messaging.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import {
  type ConversationRow,
  findCompanyOwner,
  findConversation,
  findConversationBetween,
  findListingOwner,
  findUserBrief,
  insertConversationOrFindPair,
  listConversationsOf,
  setConversationOrigin,
  unreadTotalOf,
} from './messaging.repository.ts';
import type { MessagingAccess } from './messaging-access.ts';
import type { MessagingContactFee } from './messaging-contact-fee.ts';
import type { MessagingContext, PostInput, Target } from './messaging-context.ts';
import type { MessagingMessages } from './messaging-messages.ts';
import type { MessagingRealtime } from './messaging-realtime.ts';
import type { MessagingViews } from './messaging-views.ts';

/**
 * Conversations between two traders: whom a start names, starting one (free for premium users or
 * in a conversation the starter may write in, else through the contact fee), opening one for
 * another domain, and the participant's list.
 */
export function createMessagingConversations(
  ctx: Pick<MessagingContext, 'db' | 'clock' | 'billing'>,
  parts: {
    access: Pick<MessagingAccess, 'requireParticipant' | 'writeAccessOf' | 'requireNotBlocked'>;
    views: Pick<MessagingViews, 'summarise'>;
    realtime: Pick<MessagingRealtime, 'announceConversation'>;
    messages: Pick<MessagingMessages, 'insertIntoConversation'>;
    contactFee: Pick<MessagingContactFee, 'startPaidContact'>;
  },
) {
  const { db, clock, billing } = ctx;
  const { requireParticipant, writeAccessOf, requireNotBlocked } = parts.access;
  const { summarise } = parts.views;
  const { announceConversation } = parts.realtime;
  const { insertIntoConversation } = parts.messages;
  const { startPaidContact } = parts.contactFee;

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
    // Before any fee: a blocked start is refused, never charged (the paid start re-checks at booking).
    await requireNotBlocked(user.id, target.recipient.id);
    const subject = body.subject || defaultConversationSubject(target.displayName);
    const firstMessage = { content: body.initialMessage };
    const existing = await findConversationBetween(db, user.id, target.recipient.id);
    const { contactFeeCents } = await billing.getEntitlements(user.id);
    if (existing) {
      if (existing.origin === 'deal' && contactFeeCents <= 0)
        await setConversationOrigin(db, existing.id, 'contact');
      else if (!(await writeAccessOf(user.id, [existing], contactFeeCents)).get(existing.id)?.canWrite)
        return startPaidContact(user, target, subject, body.initialMessage, contactFeeCents);
      const message = await insertIntoConversation(existing, user.id, firstMessage, user.name);
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

  async function listConversations(user: SessionUser): Promise<ConversationList> {
    const rows = await listConversationsOf(db, user.id, MESSAGING_LIMITS.conversationListMax);
    const [items, unreadTotal] = await Promise.all([summarise(user.id, rows), unreadTotalOf(db, user.id)]);
    return { items, unreadTotal };
  }

  async function getConversation(user: SessionUser, id: string): Promise<ConversationSummary> {
    const row = await requireParticipant(user.id, id);
    return (await summarise(user.id, [row]))[0];
  }

  return { openConversation, startConversation, listConversations, getConversation };
}
