import { createMessagingAccess } from './messaging-access.ts';
import { createMessagingContactFee } from './messaging-contact-fee.ts';
import { createMessagingContext, type MessagingDeps } from './messaging-context.ts';
import { createMessagingConversations } from './messaging-conversations.ts';
import { createMessagingDigest } from './messaging-digest.ts';
import { createMessagingMessages } from './messaging-messages.ts';
import { createMessagingModeration } from './messaging-moderation.ts';
import { createMessagePush } from './messaging-push.ts';
import { createMessagingRealtime } from './messaging-realtime.ts';
import { createMessagingViews } from './messaging-views.ts';

export type { BlockStanding, FraudSignalsFound, LiveDeal, MessagingDeps } from './messaging-context.ts';

export type MessagingService = ReturnType<typeof createMessagingService>;

/**
 * Conversations and messages between two traders, the contact fee of free users, read receipts,
 * realtime fan-out to both participants and the unread-message email digest, composed of its parts:
 * who may read and write (messaging-access, with the deal-thread rules), the summaries
 * (messaging-views), realtime publishing (messaging-realtime), messages (messaging-messages), paid
 * starts and their settlement (messaging-contact-fee), conversations (messaging-conversations) and
 * the digest with its preference (messaging-digest). This file wires them.
 */
export function createMessagingService(deps: MessagingDeps) {
  const ctx = createMessagingContext(deps);
  const realtime = createMessagingRealtime(ctx);
  const push = createMessagePush(ctx);
  const access = createMessagingAccess(ctx);
  const views = createMessagingViews(ctx, { access });
  const messages = createMessagingMessages(ctx, { access, realtime, push });
  const contactFee = createMessagingContactFee(ctx, {
    realtime,
    push,
    reportFraudSignals: messages.reportFraudSignals,
  });
  const moderation = createMessagingModeration(ctx, realtime);
  const conversations = createMessagingConversations(ctx, { access, views, realtime, messages, contactFee });
  const digest = createMessagingDigest(ctx);

  return {
    startConversation: conversations.startConversation,
    getContactRequest: contactFee.getContactRequest,
    settleContactRequests: contactFee.settleContactRequests,
    listConversations: conversations.listConversations,
    getConversation: conversations.getConversation,
    listMessages: messages.listMessages,
    sendMessage: messages.sendMessage,
    postMessage: messages.postMessage,
    openConversation: conversations.openConversation,
    markRead: messages.markRead,
    unreadCount: messages.unreadCount,
    getPreferences: digest.getPreferences,
    updatePreferences: digest.updatePreferences,
    runDigest: digest.runDigest,
    findReportableMessage: moderation.findReportableMessage,
    messageInContext: moderation.messageInContext,
    hideMessage: moderation.hideMessage,
  };
}
