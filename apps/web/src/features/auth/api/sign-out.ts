import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetBrowserPush } from '@/lib/browser-push';
import { clearOfflineCopies } from '@/lib/offline';
import { meQueryKey, SIGNED_OUT_ME } from './get-me';

export const signOut = () => api.post<void>('/api/accounts/sign-out');

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Subscribed, tier and end go back to the signed-out values. The me query is overwritten, not removed:
      // the mounted auth observer keeps listening to that query instance.
      queryClient.setQueryData(meQueryKey, SIGNED_OUT_ME);
      // Everything else cached belonged to the old user.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      // Nor may the copies kept for reading offline outlive the session.
      void clearOfflineCopies();
      // The server removed this session's push device; the browser forgets its subscription too.
      void forgetBrowserPush().catch(() => undefined);
    },
  });
}
