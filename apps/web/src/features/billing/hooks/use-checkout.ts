import {
  CHECKOUT_FAILED_MESSAGE,
  SIGN_IN_TO_SUBSCRIBE_MESSAGE,
  SUBSCRIPTION_CHECKOUT_TOASTS,
} from '@app/shared/billing/billing.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { openPaymentTab, type PaymentWatch } from '@/lib/payment-tab';
import { useCreateCheckout } from '../api/create-checkout';
import { billingQueryKey, getSubscription } from '../api/get-subscription';

/**
 * "Upgrade Now" and "Subscribe Now": create a checkout session and open it in a new tab, with the spec's
 * toasts; this tab waits for the outcome and shows Premium as soon as the subscription is recorded.
 */
export function useCheckout() {
  const auth = useAuth();
  const dialog = useAuthDialog();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckout();

  const premiumWatch = (url: string): PaymentWatch => ({
    url,
    label: 'your Premium subscription',
    fromEvent: (event) => (event.type === 'subscription.changed' && event.subscribed ? 'succeeded' : null),
    check: async () => ((await getSubscription()).subscribed ? 'succeeded' : 'pending'),
    onOutcome: (outcome) => {
      void auth.refresh();
      void queryClient.invalidateQueries({ queryKey: billingQueryKey });
      if (outcome === 'succeeded') {
        const { title, description } = SUBSCRIPTION_CHECKOUT_TOASTS.activated;
        toast.success(title, { id: 'subscription-activated', description });
      } else if (outcome === 'canceled') {
        const { title, description } = SUBSCRIPTION_CHECKOUT_TOASTS.canceled;
        toast(title, { id: 'subscription-canceled', description });
      } else {
        toast.error('Checkout failed', { description: CHECKOUT_FAILED_MESSAGE });
      }
    },
  });

  const startCheckout = async () => {
    if (checkout.isPending) return;
    if (!auth.user) {
      toast.error('Sign in required', { description: SIGN_IN_TO_SUBSCRIBE_MESSAGE });
      dialog.open('signin');
      return;
    }
    // The checkout tab opens now, within the click, so no pop-up blocker stops it.
    const tab = openPaymentTab();
    try {
      const { url } = await checkout.mutateAsync();
      tab.go(premiumWatch(url));
    } catch (error) {
      tab.discard();
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
