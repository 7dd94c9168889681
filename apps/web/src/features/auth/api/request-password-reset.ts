import type { EmailOnlyBody } from '@app/shared/accounts/accounts.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Emails a link to /reset-password?token=...; answers 202 whether or not the address has an account. */
export const requestPasswordReset = (body: EmailOnlyBody) =>
  api.post<{ ok: true }>('/api/accounts/password-reset/request', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
