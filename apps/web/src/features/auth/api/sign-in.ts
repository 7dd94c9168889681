import type { SignInBody, SignInResponse } from '@app/shared/accounts/accounts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetBrowserPush } from '@/lib/browser-push';
import { clearOfflineCopies } from '@/lib/offline';
import { trackConversion } from '@/lib/track-conversion';
import { meQueryKey } from './get-me';

/** The spec re-checks the subscription about 100 ms after a sign-in event. */
export const SUBSCRIPTION_RECHECK_DELAY_MS = 100;

export async function signIn(body: SignInBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/accounts/sign-in', body);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ firstSignIn: _first, ...me }) => {
      trackConversion('login');
      // Copies kept for reading offline belong to whoever used this browser before.
      void clearOfflineCopies();
      // So is a push subscription: this session has none until its trader turns push on here.
      void forgetBrowserPush().catch(() => undefined);
      queryClient.setQueryData(meQueryKey, me);
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
        SUBSCRIPTION_RECHECK_DELAY_MS,
      );
    },
  });
}
