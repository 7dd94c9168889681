import type { ConversationList } from '@app/shared/messaging/messaging.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function getConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api.get<ConversationList>('/api/conversations', { signal });
}

export const getConversationsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ signal }) => getConversations(signal),
    // Realtime events keep it current; a refetch on focus catches anything missed while asleep.
    refetchOnWindowFocus: true,
  });

/** GET /api/conversations: newest activity first, with the unread count of each and the total. */
export const useConversations = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getConversationsQueryOptions(), enabled: options.enabled ?? true });

/** Applies `update` to one conversation of the cached list and keeps it newest activity first. */
export function patchConversation(
  list: ConversationList | undefined,
  conversationId: string,
  update: (conversation: ConversationList['items'][number]) => ConversationList['items'][number],
): ConversationList | undefined {
  if (!list) return list;
  let delta = 0;
  const items = list.items.map((c) => {
    if (c.id !== conversationId) return c;
    const next = update(c);
    delta = next.unreadCount - c.unreadCount;
    return next;
  });
  items.sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
  return { items, unreadTotal: Math.max(0, list.unreadTotal + delta) };
}
