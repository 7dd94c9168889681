import type { ChangePasswordForm } from '@app/shared/accounts/accounts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registerBrowserPushAgain } from '@/lib/browser-push';
import { meQueryKey } from './get-me';

/** Changing the password needs the current one too (a recorded product decision). */
export const changePassword = (body: ChangePasswordForm) => api.post<void>('/api/me/password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server revokes the other sessions and renews this one, whose push device went with the old
    // one: this browser registers again, then who is signed in is re-read.
    onSuccess: async () => {
      await registerBrowserPushAgain().catch(() => false);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
