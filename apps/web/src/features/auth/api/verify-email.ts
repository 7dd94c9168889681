import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** Confirms the address behind the token of the confirmation email (/auth/confirm?token=...). */
export const verifyEmail = (token: string) => api.post<void>('/api/accounts/verify-email', { token });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
