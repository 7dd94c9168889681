import type { ConversationSummary } from '@app/shared/messaging/messaging.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function getConversation(id: string, signal?: AbortSignal): Promise<ConversationSummary> {
  return api.get<ConversationSummary>(`/api/conversations/${encodeURIComponent(id)}`, { signal });
}

export const getConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });

/** GET /api/conversations/:id: one conversation (a link to one not yet in the loaded list). */
export const useConversation = (id: string | null) =>
  useQuery({ ...getConversationQueryOptions(id ?? ''), enabled: Boolean(id) });
