import type { DealReviews } from '@app/shared/reviews/reviews.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

export async function getDealReviews(dealId: string, signal?: AbortSignal): Promise<DealReviews> {
  return api.get<DealReviews>(`/api/deals/${encodeURIComponent(dealId)}/reviews`, { signal });
}

/** GET /api/deals/:id/reviews: the viewer's review, the other's once published, and the window. */
export const useDealReviews = (dealId: string, enabled = true) =>
  useQuery({
    queryKey: reviewKeys.deal(dealId),
    queryFn: ({ signal }) => getDealReviews(dealId, signal),
    enabled,
  });
