import type { StartConversationBody, StartConversationResult } from '@app/shared/messaging/messaging.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export async function startConversation(body: StartConversationBody): Promise<StartConversationResult> {
  return api.post<StartConversationResult>('/api/conversations', body);
}

/**
 * POST /api/conversations: opens (or reuses) the conversation with a listing's or company's owner, or
 * answers the checkout of the contact fee for a free user's new conversation.
 */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (result) => {
      if (result.status === 'opened') void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });
}
