/** Query keys of messaging; the realtime bridge patches or invalidates them as events arrive. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => ['messaging', 'conversations'] as const,
  /** Every single-conversation query (the summaries read outside the list). */
  singleConversations: () => ['messaging', 'conversation'] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  contactRequest: (id: string) => ['messaging', 'contact-request', id] as const,
  unreadCount: () => ['messaging', 'unread-count'] as const,
  preferences: () => ['messaging', 'preferences'] as const,
};
