import { useEffect } from 'react';

/**
 * The conversation the messages page shows right now. The realtime bridge reads it to decide between
 * appending an incoming message in place and announcing it with a toast.
 */
let activeConversationId: string | null = null;

export const getActiveConversationId = () => activeConversationId;

/** Marks a conversation as the open one while the calling component is mounted. */
export function useActiveConversation(conversationId: string | null) {
  useEffect(() => {
    activeConversationId = conversationId;
    return () => {
      if (activeConversationId === conversationId) activeConversationId = null;
    };
  }, [conversationId]);
}
