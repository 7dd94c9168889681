import type { ChangePasswordForm } from '@app/shared/accounts/accounts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** Changing the password needs the current one too (a recorded product decision). */
export const changePassword = (body: ChangePasswordForm) => api.post<void>('/api/me/password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server revokes the other sessions (and may rotate this one): re-read who is signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
