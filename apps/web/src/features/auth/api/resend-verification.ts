import type { EmailOnlyBody } from '@app/shared/accounts/accounts.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendVerification = (body: EmailOnlyBody) =>
  api.post<{ ok: true }>('/api/accounts/verification/resend', body);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
