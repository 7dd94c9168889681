import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtimeClient } from '@/lib/realtime-client';
import { REPUTATION_QUERY_KEY } from '@/lib/reputation';
import { reviewKeys } from '../api/review-keys';

/**
 * Keeps a page's reviews current: `review.published` (sent to both parties when a review of their deal
 * becomes public, by the second review or at the end of the window) reads the reviews and the figures
 * again. A deal card listens for its own deal; a company page for any, as the viewer's deal may be
 * with the company shown.
 */
export function useLiveReviews(scope: { dealId: string } | { companyId: string }) {
  const queryClient = useQueryClient();
  const dealId = 'dealId' in scope ? scope.dealId : null;
  const companyId = 'companyId' in scope ? scope.companyId : null;
  useEffect(
    () =>
      realtimeClient.subscribe((event) => {
        if (event.type !== 'review.published') return;
        if (dealId !== null && event.dealId !== dealId) return;
        const reviews = dealId !== null ? reviewKeys.deal(dealId) : reviewKeys.companyAll(companyId ?? '');
        void queryClient.invalidateQueries({ queryKey: reviews });
        // The company's figures (['reputations', 'company', id]) and every card's badge.
        void queryClient.invalidateQueries({ queryKey: REPUTATION_QUERY_KEY });
      }),
    [queryClient, dealId, companyId],
  );
}
