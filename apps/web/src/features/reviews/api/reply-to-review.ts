import type { ReplyBody, Review } from '@app/shared/reviews/reviews.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

export async function replyToReview(reviewId: string, body: ReplyBody): Promise<Review> {
  return api.post<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, body);
}

/** POST /api/reviews/:id/reply: the reviewed trader's one public reply. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) => replyToReview(reviewId, { text }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
