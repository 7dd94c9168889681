import { ACCOUNT_SUSPENDED_MESSAGE } from '@app/shared/admin/admin-users-rules';
import type { SessionEndReason } from '@app/shared/realtime/realtime-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { billingQueryKey } from '@/features/billing/api/get-subscription';
import { ME_QUERY_KEY, useAuth } from '@/lib/auth-client';
import { PLATFORM_STATUS_QUERY_KEY } from '@/lib/platform-status';
import { realtimeClient } from '@/lib/realtime-client';

/** Why this page was signed out, in the toast. */
const SESSION_ENDED_DESCRIPTIONS: Record<SessionEndReason, string> = {
  suspended: ACCOUNT_SUSPENDED_MESSAGE,
  signed_out: 'You signed out in another window.',
  ended_by_admin: 'An administrator ended this session. Sign in again to continue.',
  password_changed: 'Your password was changed in another window. Sign in with the new password.',
  password_reset: 'Your password was reset. Sign in with the new password.',
  expired: 'Your session expired. Sign in again to continue.',
};

/**
 * Keeps the realtime socket open (a visitor's one carries public broadcasts such as the live directory),
 * reopens it when the signed-in user changes, and shows server notifications as toasts.
 */
export function RealtimeBridge() {
  const { user, loading } = useAuth();
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reopen when the user changes, so the server reads the new cookie
  useEffect(() => {
    if (loading) return;
    realtimeClient.connect();
    return () => realtimeClient.disconnect();
  }, [userId, loading]);

  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtimeClient.subscribe((event) => {
        if (event.type === 'notification') toast.info(event.title, { description: event.body });
        // The server ended this page's session: re-read /api/me, which signs the page out.
        if (event.type === 'session.ended') {
          toast.error('Signed out', { description: SESSION_ENDED_DESCRIPTIONS[event.reason] });
          void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        }
        // Premium started or ended (a checkout or the portal in another tab): the header, limits and
        // the subscription card follow.
        if (event.type === 'subscription.changed') {
          void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: billingQueryKey });
        }
        // An administrator changed a platform switch: the maintenance page or a closed notice shows now.
        // After a resync the switch may have changed unseen.
        if (event.type === 'platform.status.changed' || event.type === 'realtime.resync')
          void queryClient.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY });
      }),
    [queryClient],
  );

  return null;
}
