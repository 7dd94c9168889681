import { PORTAL_FAILED_MESSAGE, SIGN_IN_TO_MANAGE_MESSAGE } from '@app/shared/billing/billing.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { openPaymentTab } from '@/lib/payment-tab';
import { useCreatePortal } from '../api/create-portal';
import { markStaleUntilReturn } from './mark-stale-until-return';

/**
 * "Manage Subscription": open the provider's customer portal in a new tab, with the spec's toasts.
 * Changes made there reach this tab through the `subscription.changed` event (and on focus).
 */
export function usePortal() {
  const auth = useAuth();
  const dialog = useAuthDialog();
  const queryClient = useQueryClient();
  const portal = useCreatePortal();

  const openPortal = async () => {
    if (portal.isPending) return;
    if (!auth.user) {
      toast.error('Sign in required', { description: SIGN_IN_TO_MANAGE_MESSAGE });
      dialog.open('signin');
      return;
    }
    // The portal's tab opens now, within the click, so no pop-up blocker stops it.
    const tab = openPaymentTab();
    try {
      const { url } = await portal.mutateAsync();
      markStaleUntilReturn(queryClient);
      if (tab.open(url)) {
        toast.info('Customer portal opened in a new tab', {
          id: 'portal-opened',
          description: 'Changes you make there show here as soon as they are saved.',
        });
      } else {
        // Blocked: a link the user opens themselves, never a silent navigation away from this page.
        toast('Open the customer portal', {
          id: 'portal-blocked',
          description: 'Your browser did not open a new tab.',
          duration: Number.POSITIVE_INFINITY,
          action: {
            label: 'Open portal',
            onClick: () => window.open(url, '_blank', 'noopener,noreferrer'),
          },
        });
      }
    } catch (error) {
      tab.discard();
      if (parseApiError(error).code === 'UNAUTHENTICATED') {
        toast.error('Sign in required', { description: SIGN_IN_TO_MANAGE_MESSAGE });
        dialog.open('signin');
      } else {
        toast.error('Portal access failed', { description: PORTAL_FAILED_MESSAGE });
      }
    }
  };

  return { openPortal, isPending: portal.isPending };
}
