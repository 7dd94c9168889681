import type { AdminReview, AdminReviewPage } from '@app/shared/reviews/reviews.schemas';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPUTATION_QUERY_KEY } from '@/lib/reputation';
import { reviewKeys } from './review-keys';

export async function getAdminReviews(page: number, signal?: AbortSignal) {
  return api.get<AdminReviewPage>(`/api/admin/reviews?page=${page}`, { signal });
}

/** GET /api/admin/reviews: every review, newest first, with its state. */
export const useAdminReviews = (page: number) =>
  useQuery({
    queryKey: reviewKeys.admin(page),
    queryFn: ({ signal }) => getAdminReviews(page, signal),
    placeholderData: keepPreviousData,
  });

/** A hidden or restored review changes the lists and the reviewed company's figures. */
async function refreshReviewsAndFigures(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  await queryClient.invalidateQueries({ queryKey: REPUTATION_QUERY_KEY });
}

export async function hideReview(reviewId: string, reason: string): Promise<AdminReview> {
  return api.post<AdminReview>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { reason });
}

/** POST /api/admin/reviews/:id/hide: hides an abusive review; the author is emailed the reason. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) => hideReview(reviewId, reason),
    onSettled: () => refreshReviewsAndFigures(queryClient),
  });
}

export async function restoreReview(reviewId: string): Promise<AdminReview> {
  return api.post<AdminReview>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/restore`, {});
}

/** POST /api/admin/reviews/:id/restore: a hidden review counts again; the author is emailed. */
export function useRestoreReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => restoreReview(reviewId),
    onSettled: () => refreshReviewsAndFigures(queryClient),
  });
}
