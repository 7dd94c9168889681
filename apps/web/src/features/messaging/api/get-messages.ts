import { MESSAGING_LIMITS, type Message, type MessagePage } from '@app/shared/messaging/messaging.schemas';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function getMessages(
  conversationId: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.get<MessagePage>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { before, limit: MESSAGING_LIMITS.messagePageSize },
    signal,
  });
}

/** The cached thread: pages[0] is the newest page, each next page is older. */
export type MessagePages = InfiniteData<MessagePage>;

export const getMessagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextBefore ? last.nextBefore : undefined),
  });

/** GET /api/conversations/:id/messages: the newest 50, then older pages as the reader scrolls up. */
export const useMessages = (conversationId: string) =>
  useInfiniteQuery(getMessagesQueryOptions(conversationId));

/** The thread oldest first, as it reads on screen. */
export const flattenMessages = (data: MessagePages | undefined): Message[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.items) : [];

/** Adds a message to the newest page, or replaces the one with the same id (an event and a reply may both bring it). */
export function upsertMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  const exists = data.pages.some((page) => page.items.some((m) => m.id === message.id));
  if (exists) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        // A read receipt may have arrived before this copy of the message: keep it.
        items: page.items.map((m) =>
          m.id === message.id ? { ...message, readAt: message.readAt ?? m.readAt } : m,
        ),
      })),
    };
  }
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
}

/** Applies `update` to every message of the cached thread. */
export function mapMessages(
  data: MessagePages | undefined,
  update: (message: Message) => Message,
): MessagePages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) };
}

/** Drops messages from the cached thread (a rolled-back optimistic send). */
export function removeMessages(
  data: MessagePages | undefined,
  keep: (message: Message) => boolean,
): MessagePages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })) };
}
