import type { ResetPasswordBody } from '@app/shared/accounts/accounts.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<void>('/api/accounts/password-reset', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
