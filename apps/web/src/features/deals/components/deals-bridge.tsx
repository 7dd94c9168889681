import type { DealList } from '@app/shared/deals/deals.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-client';
import { formatUsd } from '@/lib/format';
import { realtimeClient } from '@/lib/realtime-client';
import { dealKeys } from '../api/deal-keys';

/**
 * Keeps the deals current from the realtime events of the user's deals: a change patches the cached
 * status and refetches; a new deal on the user's listing is announced to the seller with a toast.
 */
export function DealsBridge() {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    const unsubscribe = realtimeClient.subscribe((event) => {
      if (event.type === 'deal.updated') {
        const { id, status, escrowStatus } = event.deal;
        queryClient.setQueryData<DealList>(dealKeys.list(), (list) =>
          list ? { deals: list.deals.map((d) => (d.id === id ? { ...d, status, escrowStatus } : d)) } : list,
        );
        void queryClient.invalidateQueries({ queryKey: dealKeys.all });
      } else if (event.type === 'deal.created') {
        void queryClient.invalidateQueries({ queryKey: dealKeys.all });
        if (event.sellerUserId === userId && event.buyerUserId !== userId) {
          toast('New deal proposed', {
            id: `deal-created-${event.dealId}`,
            description: `${formatUsd(event.dealValueCents, { alwaysCents: true })} for ${event.listingTitle}. Confirm it from My Deals.`,
            action: { label: 'View Deals', onClick: () => navigate(paths.deals) },
          });
        }
      }
    });

    // Events sent before the socket opened (page load, reconnecting) are lost: read again then.
    const unsubscribeState = realtimeClient.subscribeOpen(() => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
    });

    return () => {
      unsubscribe();
      unsubscribeState();
    };
  }, [userId, queryClient, navigate]);

  return null;
}
