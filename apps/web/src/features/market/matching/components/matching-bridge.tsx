import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-client';
import { realtimeClient } from '@/lib/realtime-client';
import { matchingKeys, notificationKeys } from '../api/matching-keys';

/**
 * Keeps matches and the notification bell current: a 'match.found' event refetches both and says so
 * in one toast (a burst of matches replaces it rather than stacking).
 */
export function MatchingBridge() {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: matchingKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    const unsubscribe = realtimeClient.subscribe((event) => {
      if (event.type !== 'match.found') return;
      refetch();
      const { match } = event;
      toast('New match for your listing', {
        id: 'match-found',
        description: `${match.listing.title}: ${match.reasonText}`,
        action: {
          label: 'View',
          onClick: () => navigate(`${paths.listing(match.forListingId)}#matches`),
        },
      });
    });

    // Events sent before the socket opened (page load, reconnecting) are lost: read again then.
    const unsubscribeState = realtimeClient.subscribeOpen(refetch);

    return () => {
      unsubscribe();
      unsubscribeState();
    };
  }, [userId, queryClient, navigate]);

  return null;
}
