import { PORTAL_FAILED_MESSAGE, SIGN_IN_TO_MANAGE_MESSAGE } from '@app/shared/billing/billing.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useCreatePortal } from '../api/create-portal';
import { markStaleUntilReturn, openInNewTab } from './open-in-new-tab';

/** "Manage Subscription": open the provider's customer portal in a new tab, with the spec's toasts. */
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
    try {
      const { url } = await portal.mutateAsync();
      if (openInNewTab(url)) markStaleUntilReturn(queryClient);
    } catch (error) {
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
