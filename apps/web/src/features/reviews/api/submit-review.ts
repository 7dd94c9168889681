import type { DealReviews, ReviewBody } from '@app/shared/reviews/reviews.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPUTATION_QUERY_KEY } from '@/lib/reputation';
import { reviewKeys } from './review-keys';

export async function submitReview(dealId: string, body: ReviewBody): Promise<DealReviews> {
  return api.post<DealReviews>(`/api/deals/${encodeURIComponent(dealId)}/reviews`, body);
}

/** POST /api/deals/:id/reviews: the viewer reviews the other party, once. */
export function useSubmitReview(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => submitReview(dealId, body),
    onSuccess: (result) => queryClient.setQueryData(reviewKeys.deal(dealId), result),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      await queryClient.invalidateQueries({ queryKey: REPUTATION_QUERY_KEY });
    },
  });
}
