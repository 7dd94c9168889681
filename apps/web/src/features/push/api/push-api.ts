import type {
  PushConfig,
  PushPreferences,
  PushStatus,
  PushSubscriptionBody,
} from '@app/shared/notifications/push.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const pushKeys = {
  config: () => ['push', 'config'] as const,
  status: () => ['push', 'status'] as const,
};

/** GET /api/push/config: whether this server sends pushes, and its public key. */
export function usePushConfig() {
  return useQuery({
    queryKey: pushKeys.config(),
    queryFn: async ({ signal }): Promise<PushConfig> => api.get<PushConfig>('/api/push/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/me/push: the switch per kind and how many devices have push on. */
export function usePushStatus() {
  return useQuery({
    queryKey: pushKeys.status(),
    queryFn: async ({ signal }): Promise<PushStatus> => api.get<PushStatus>('/api/me/push', { signal }),
  });
}

export async function saveSubscription(body: PushSubscriptionBody): Promise<PushStatus> {
  return api.post<PushStatus>('/api/push/subscriptions', body);
}

export async function removeSubscription(endpoint: string): Promise<void> {
  await api.delete<void>('/api/push/subscriptions', { body: { endpoint } });
}

/** PUT /api/me/push: the switch moves at once and moves back if saving fails. */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  const key = pushKeys.status();
  return useMutation({
    mutationFn: async (preferences: PushPreferences) => api.put<PushStatus>('/api/me/push', preferences),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PushStatus>(key);
      if (previous) queryClient.setQueryData<PushStatus>(key, { ...previous, preferences });
      return { previous };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
