import { randomUUID } from 'node:crypto';
import {
  type ContactRequest,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type StartConversationResult,
} from '@app/shared/messaging/messaging.schemas';
import { type FraudSignalKind, fraudSignalKinds } from '@app/shared/trust/fraud-signals';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import type { SessionUser } from '../accounts/index.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { revenueBooks } from '../payments/index.ts';
import {
  type ContactRequestRow,
  type ConversationRow,
  claimSettlement,
  findContactRequest,
  findContactRequestForUpdate,
  findConversation,
  findMessageWithReply,
  insertConversationOrFindPair,
  insertMessage,
  listUnsettledContactRequests,
  releaseCheckoutLease,
  setConversationOrigin,
  takeCheckoutLease,
  touchConversation,
  updateContactRequest,
  upsertPendingContactRequest,
} from './messaging.repository.ts';
import type { MessagingContext, Target } from './messaging-context.ts';
import type { MessagePush } from './messaging-push.ts';
import type { MessagingRealtime } from './messaging-realtime.ts';
import { toMessageView } from './messaging-views.ts';

/** How long one start request may hold the checkout lease, and how long another waits for it. */
const CHECKOUT_LEASE_SECONDS = 30;
const CHECKOUT_WAIT_MS = 15_000;
const SETTLE_BATCH = 50;
/** A settlement claimed longer ago than this, with work left, was taken by a process that died. */
const SETTLEMENT_CLAIM_STALE_MS = 2 * 60_000;

/**
 * The contact fee of free users: a paid start is a pending request plus a checkout; the
 * 'contact_fee' purpose handler opens the conversation when the payment is booked, and the
 * settlement (after the webhook and every minute) announces it and refunds the fee where due.
 */
export function createMessagingContactFee(
  ctx: Pick<MessagingContext, 'db' | 'clock' | 'payments' | 'ledger' | 'logError' | 'blocks'>,
  parts: {
    realtime: Pick<MessagingRealtime, 'announceMessage' | 'announceConversation'>;
    push: MessagePush;
    /** Flags a first message with fraud signals for administrators, once it is announced. */
    reportFraudSignals: (
      conversation: ConversationRow,
      messageId: string,
      senderId: string,
      signals: FraudSignalKind[],
    ) => Promise<void>;
  },
) {
  const { db, clock, payments, logError } = ctx;
  const { announceMessage, announceConversation } = parts.realtime;

  // The contact fee: the paid start becomes a conversation inside the transaction that books the
  // payment. Realtime events and a refund (if due) follow the commit, in settleContactRequests.
  payments.registerPurposeHandler('contact_fee', {
    books: revenueBooks(ctx.ledger, LEDGER_ACCOUNTS.revenueContactFees),
    async onSucceeded(payment, tx) {
      const requestId = payment.metadata.contactRequestId;
      const request = requestId ? await findContactRequestForUpdate(tx, requestId) : undefined;
      if (request?.status !== 'pending') return;
      const now = clock.now();
      try {
        await tx.transaction(async (savepoint) => {
          // A block made while the trader was paying: nothing opens and the fee goes back.
          if (await ctx.blocks?.standing(request.requesterId, request.recipientId, savepoint as Db))
            throw new Error('A block stands between the two traders');
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
            fraudSignals: signalsOf(request.initialMessage),
            createdAt: now,
          });
          await touchConversation(savepoint as Db, conversation.id, now);
          await parts.push.queueMessagePush(
            savepoint as Db,
            conversation,
            request.requesterId,
            request.initialMessage,
          );
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
    const staleBefore = new Date(clock.now().getTime() - SETTLEMENT_CLAIM_STALE_MS);
    for (const request of await listUnsettledContactRequests(db, SETTLE_BATCH, staleBefore)) {
      if (!(await claimSettlement(db, request.id, clock.now(), staleBefore))) continue;
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
        const signals = message.fraudSignals ?? [];
        await announceMessage(conversation, toMessageView(message, message.senderId), signals);
        if (signals.length > 0)
          await parts.reportFraudSignals(conversation, message.id, message.senderId, signals);
      }
      await updateContactRequest(db, request.id, { announcedAt: clock.now() });
    }
    if (request.refundDue && request.paymentId) {
      try {
        await payments.refundPayment(request.paymentId, {
          refundKey: `contact-fee:${request.id}`,
          failureMessage: MESSAGING_MESSAGES.startFailed,
        });
      } catch (err) {
        // Already refunded (an earlier attempt whose bookkeeping finished) is done, not an error.
        if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
      }
      crashPoint('messaging.contact-refund.after-booking');
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

  return { startPaidContact, settleContactRequests, getContactRequest };
}

export type MessagingContactFee = ReturnType<typeof createMessagingContactFee>;

/** The fraud signals of a trader's text, or null for none (the column's "nothing found"). */
function signalsOf(content: string): FraudSignalKind[] | null {
  const kinds = fraudSignalKinds(content);
  return kinds.length > 0 ? kinds : null;
}
