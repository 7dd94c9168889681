import { CHECKOUT_FAILED_MESSAGE, SIGN_IN_TO_SUBSCRIBE_MESSAGE } from '@app/shared/billing/billing.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useCreateCheckout } from '../api/create-checkout';
import { billingQueryKey } from '../api/get-subscription';
import { markStaleUntilReturn, openInNewTab } from './open-in-new-tab';

/** "Upgrade Now" and "Subscribe Now": create a checkout session and open it in a new tab, with the spec's toasts. */
export function useCheckout() {
  const auth = useAuth();
  const dialog = useAuthDialog();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckout();

  const startCheckout = async () => {
    if (checkout.isPending) return;
    if (!auth.user) {
      toast.error('Sign in required', { description: SIGN_IN_TO_SUBSCRIBE_MESSAGE });
      dialog.open('signin');
      return;
    }
    try {
      const { url } = await checkout.mutateAsync();
      if (!openInNewTab(url)) return;
      markStaleUntilReturn(queryClient);
      toast.info('Checkout opened in a new tab', {
        description: 'Complete your payment there. You will return to your dashboard when it is done.',
      });
    } catch (error) {
      const apiError = parseApiError(error);
      if (apiError.code === 'UNAUTHENTICATED') {
        toast.error('Sign in required', { description: SIGN_IN_TO_SUBSCRIBE_MESSAGE });
        dialog.open('signin');
      } else if (apiError.code === 'CONFLICT') {
        // Already premium (paid in another tab, say): show the message and bring the page up to date.
        toast.info('Already subscribed', { description: apiError.message });
        void auth.refresh();
        void queryClient.invalidateQueries({ queryKey: billingQueryKey });
      } else {
        toast.error('Checkout failed', { description: CHECKOUT_FAILED_MESSAGE });
      }
    }
  };

  return { startCheckout, isPending: checkout.isPending };
}
