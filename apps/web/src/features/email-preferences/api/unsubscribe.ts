import type { UnsubscribeStatus } from '@app/shared/admin/bulk-email.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailPreferencesKeys } from './email-preferences-keys';

export type { UnsubscribeStatus } from '@app/shared/admin/bulk-email.schemas';

export async function getUnsubscribeStatus(token: string, signal?: AbortSignal): Promise<UnsubscribeStatus> {
  return api.get<UnsubscribeStatus>('/api/email-preferences/unsubscribe', { query: { token }, signal });
}

/** GET /api/email-preferences/unsubscribe?token=: whose link it is (masked) and whether they are subscribed. */
export const useUnsubscribeStatus = (token: string | null) =>
  useQuery(
    queryOptions({
      queryKey: emailPreferencesKeys.unsubscribeLink(token ?? ''),
      queryFn: ({ signal }) => getUnsubscribeStatus(token ?? '', signal),
      enabled: Boolean(token),
    }),
  );

/**
 * POST /api/email-preferences/unsubscribe | resubscribe {token}: the answer is the link's new status;
 * the account's own switch (if this browser is signed in as that user) is read again.
 */
function useSetSubscribed(action: 'unsubscribe' | 'resubscribe') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<UnsubscribeStatus> =>
      api.post<UnsubscribeStatus>(`/api/email-preferences/${action}`, { token }),
    onSuccess: (status, token) => {
      queryClient.setQueryData(emailPreferencesKeys.unsubscribeLink(token), status);
      void queryClient.invalidateQueries({ queryKey: emailPreferencesKeys.mine() });
    },
  });
}

export const useUnsubscribe = () => useSetSubscribed('unsubscribe');
export const useResubscribe = () => useSetSubscribed('resubscribe');
