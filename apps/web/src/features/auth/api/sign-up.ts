import type { SignUpBody } from '@app/shared/accounts/accounts.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trackConversion } from '@/lib/track-conversion';

/** Creates the account and sends the confirmation email; the user signs in after confirming. */
export const signUp = (body: SignUpBody) => api.post<{ email: string }>('/api/accounts/sign-up', body);

export const useSignUp = () =>
  useMutation({ mutationFn: signUp, onSuccess: () => trackConversion('sign_up') });
