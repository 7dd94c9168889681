import * as z from '../zod.ts';

export const MESSAGING_LIMITS = {
  /** Messages per page of a thread (the specification's limit 50). */
  messagePageSize: 50,
  contentMax: 5000,
  subjectMax: 200,
  /** The "New Message" toast shows this many characters of the content. */
  toastPreview: 50,
  /** The conversation list and a quoted reply carry this many characters of the message. */
  snippetMax: 200,
  /** The conversation list answers this many conversations, newest activity first. */
  conversationListMax: 200,
  /** A message unread this long is included in the recipient's email digest. */
  digestDelayMinutes: 15,
} as const;

/** The specification's messages, word for word, plus the server's validation messages. */
export const MESSAGING_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  signInToStart: 'You must be logged in to start a conversation',
  cannotMessageYourself: 'Cannot message yourself',
  invalidTargetUser: 'Invalid target user ID',
  targetRequired: 'Choose who to message',
  listingNotFound: 'Listing not found',
  companyNotFound: 'Company not found',
  conversationNotFound: 'Conversation not found',
  contactRequestNotFound: 'Contact request not found',
  replyNotFound: 'The message you are replying to is not in this conversation',
  messageRequired: 'Message cannot be empty',
  messageTooLong: `Message must be ${MESSAGING_LIMITS.contentMax} characters or less`,
  subjectTooLong: `Subject must be ${MESSAGING_LIMITS.subjectMax} characters or less`,
  startFailed: 'Failed to start conversation',
  sendFailed: 'Failed to send message',
  fetchMessagesFailed: 'Failed to fetch messages',
  fetchConversationsFailed: 'Failed to fetch conversations',
  fetchConversationFailed: 'Failed to fetch conversation',
  markReadFailed: 'Failed to mark messages as read',
  loadConversationsError: 'Error loading conversations',
  loadMessagesError: 'Error loading messages',
  newMessageToast: 'New Message',
  noConversations: 'No conversations yet',
  startFromMarketplace: 'Start a conversation from the marketplace',
  noMessages: 'No messages yet',
  selectConversation: 'Select a conversation',
  unknownUser: 'Unknown User',
  dealThreadWaiting:
    'This deal thread opens for messages once the seller confirms your offer or replies. To message now, pay the contact fee.',
  dealThreadClosed:
    'The deal behind this thread was cancelled, so the thread is read-only. To keep talking, pay the contact fee.',
} as const;

/**
 * How a conversation began. `contact`: through POST /api/conversations (a paid contact fee or a
 * premium starter), open to both participants. `deal`: opened free of charge by a deal's creation; a
 * free user writes in it only while a deal between the two is alive and the seller has engaged.
 */
export const CONVERSATION_ORIGINS = ['contact', 'deal'] as const;
export type ConversationOrigin = (typeof CONVERSATION_ORIGINS)[number];

export const MESSAGE_TYPES = ['text', 'system', 'deal'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The default subject when the starter leaves it empty: "Conversation with {name}". */
export const defaultConversationSubject = (name: string) => `Conversation with ${name}`;

/** What the "New Message" toast shows: the content cut to 50 characters. */
export function messagePreview(content: string, max: number = MESSAGING_LIMITS.toastPreview): string {
  const chars = [...content];
  return chars.length <= max ? content : `${chars.slice(0, max).join('')}…`;
}

/** How the web names the other participant: name, else email, else "Unknown User". */
export const participantLabel = (p: { name: string | null; email: string | null } | null | undefined) =>
  p?.name || p?.email || MESSAGING_MESSAGES.unknownUser;

/** Message text: trimmed, 1 to 5,000 characters, kept as plain text (the web renders text, never HTML). */
export const MessageContentSchema = z
  .string({ error: MESSAGING_MESSAGES.messageRequired })
  .trim()
  .min(1, MESSAGING_MESSAGES.messageRequired)
  .max(MESSAGING_LIMITS.contentMax, MESSAGING_MESSAGES.messageTooLong);

const IdSchema = z.string().min(1).max(100);
const UserIdSchema = z.uuid({ error: MESSAGING_MESSAGES.invalidTargetUser });

/**
 * POST /api/conversations. Name whom to message: a user (participantId), a listing (its owner) or a
 * company (its owner); when several are given they must name the same person. An empty subject
 * becomes "Conversation with {name}".
 */
export const StartConversationBodySchema = z
  .object({
    participantId: UserIdSchema.optional(),
    listingId: IdSchema.optional(),
    companyId: IdSchema.optional(),
    subject: z.string().trim().max(MESSAGING_LIMITS.subjectMax, MESSAGING_MESSAGES.subjectTooLong).optional(),
    initialMessage: MessageContentSchema,
  })
  .strict()
  .refine((b) => b.participantId || b.listingId || b.companyId, {
    message: MESSAGING_MESSAGES.targetRequired,
  });
export type StartConversationBody = z.infer<typeof StartConversationBodySchema>;

/** POST /api/conversations/:id/messages. */
export const SendMessageBodySchema = z
  .object({
    content: MessageContentSchema,
    replyToId: IdSchema.optional(),
  })
  .strict();
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

/** GET /api/conversations/:id/messages: `before` is a message id; without it, the newest page. */
export const ListMessagesQuerySchema = z.object({
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGING_LIMITS.messagePageSize).default(50),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuerySchema>;

export const ParticipantSchema = z.object({
  id: z.string(),
  /** null when the account is gone; the web shows name, else email, else "Unknown User". */
  name: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/** A quoted message: its first 200 characters. */
export const QuotedMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  content: z.string(),
  /** An administrator removed the quoted message: `content` is TRUST_MESSAGES.messageHidden instead. */
  hidden: z.boolean().optional(),
});

export const MessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  replyTo: QuotedMessageSchema.nullable(),
  /** Structured data of system and deal messages (e.g. { dealId }); {} for text. */
  metadata: z.record(z.string(), z.unknown()),
  /** When the recipient read it; null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Bank details or a request to pay outside escrow found in the message: given to its recipient only
   * (the warning above the message), never to its sender.
   */
  // Kinds of `FRAUD_SIGNAL_KINDS` (trust/fraud-signals.ts), named as strings so this contract does not
  // bring the detectors into every page that shows a message button.
  fraudSignals: z.array(z.string()).optional(),
  /** An administrator removed the message: its content is replaced by TRUST_MESSAGES.messageHidden. */
  hidden: z.boolean().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  otherParticipant: ParticipantSchema,
  listingId: z.string().nullable(),
  companyId: z.string().nullable(),
  /** The newest message, its content cut to 200 characters; null for an empty conversation. */
  lastMessage: z
    .object({
      id: z.string(),
      content: z.string(),
      senderId: z.string(),
      messageType: z.enum(MESSAGE_TYPES),
      createdAt: z.string(),
    })
    .nullable(),
  /** Messages from the other participant not yet read by the viewer. */
  unreadCount: z.number().int(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  origin: z.enum(CONVERSATION_ORIGINS),
  /** Whether the viewer may send a message now; when false, `writeBlockedReason` says why. */
  canWrite: z.boolean(),
  /** Why the viewer may not write (a deal thread without a live, engaged deal); null when they may. */
  writeBlockedReason: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({
  items: z.array(ConversationSummarySchema),
  /** Unread messages across all of the viewer's conversations (the navigation badge). */
  unreadTotal: z.number().int(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** One page of a thread, oldest first; `nextBefore` fetches the page of older messages. */
export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  hasMore: z.boolean(),
  nextBefore: z.string().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

/**
 * The answer to POST /api/conversations. `opened`: the message is in the conversation (`created`
 * tells whether the conversation is new). `payment_required`: a free user's new conversation opens
 * once the contact fee is paid at `checkoutUrl`; the provider then returns the browser to
 * /messages?contact=success&request={contactRequestId} (or contact=cancelled).
 */
export const StartConversationResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('opened'),
    created: z.boolean(),
    conversation: ConversationSummarySchema,
    message: MessageSchema,
  }),
  z.object({
    status: z.literal('payment_required'),
    contactRequestId: z.string(),
    checkoutUrl: z.string(),
    amountCents: z.number().int(),
  }),
]);
export type StartConversationResult = z.infer<typeof StartConversationResultSchema>;

export const CONTACT_REQUEST_STATUSES = ['pending', 'opened', 'refunded'] as const;

/**
 * GET /api/contact-requests/:id: what became of a paid start. `opened` carries the conversation;
 * `refunded` means the conversation could not be created and the fee went back.
 */
export const ContactRequestSchema = z.object({
  id: z.string(),
  status: z.enum(CONTACT_REQUEST_STATUSES),
  conversationId: z.string().nullable(),
  amountCents: z.number().int().nullable(),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const MarkReadResultSchema = z.object({
  conversationId: z.string(),
  /** How many messages this call marked read (0 when all were read already). */
  markedCount: z.number().int(),
  readAt: z.string(),
});
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

export const UnreadCountSchema = z.object({ unreadTotal: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** GET/PATCH /api/me/messaging-preferences. */
export const MessagingPreferencesSchema = z.object({
  /** One email per recipient for messages unread for 15 minutes; on by default. */
  emailDigest: z.boolean(),
});
export type MessagingPreferences = z.infer<typeof MessagingPreferencesSchema>;
export const UpdateMessagingPreferencesBodySchema = MessagingPreferencesSchema.partial().strict();
export type UpdateMessagingPreferencesBody = z.infer<typeof UpdateMessagingPreferencesBodySchema>;

/** Realtime events of messaging (members of ServerRealtimeEventSchema). */
export const MessageCreatedEventSchema = z.object({
  type: z.literal('message.created'),
  conversationId: z.string(),
  messageId: z.string(),
  senderId: z.string(),
  /** The content cut to 50 characters, for the "New Message" toast. */
  preview: z.string(),
  /** The whole message; null when it is too large for the realtime channel (fetch the newest page). */
  message: MessageSchema.nullable(),
});
export const ConversationReadEventSchema = z.object({
  type: z.literal('conversation.read'),
  conversationId: z.string(),
  readerId: z.string(),
  readAt: z.string(),
});
/** An administrator removed a message: both participants' open threads and lists read it again. */
export const MessageHiddenEventSchema = z.object({
  type: z.literal('message.hidden'),
  conversationId: z.string(),
  messageId: z.string(),
});
export const ConversationCreatedEventSchema = z.object({
  type: z.literal('conversation.created'),
  conversationId: z.string(),
  /** Who started it; clients refetch the list (the summary differs per participant). */
  startedBy: z.string(),
});
