import type { CompanyReputation, ReviewPage } from '@app/shared/reviews/reviews.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

export async function getCompanyReviews(companyId: string, page: number, signal?: AbortSignal) {
  return api.get<ReviewPage>(`/api/companies/${encodeURIComponent(companyId)}/reviews?page=${page}`, {
    signal,
  });
}

/** GET /api/companies/:id/reviews: the company's published reviews with replies, newest first. */
export const useCompanyReviews = (companyId: string, page: number) =>
  useQuery({
    queryKey: reviewKeys.company(companyId, page),
    queryFn: ({ signal }) => getCompanyReviews(companyId, page, signal),
    placeholderData: keepPreviousData,
  });

export async function getCompanyReputation(companyId: string, signal?: AbortSignal) {
  return api.get<CompanyReputation>(`/api/companies/${encodeURIComponent(companyId)}/reputation`, { signal });
}

/** GET /api/companies/:id/reputation: every figure of the company's (its owner's) trading record. */
export const useCompanyReputation = (companyId: string) =>
  useQuery({
    queryKey: reviewKeys.companyReputation(companyId),
    queryFn: ({ signal }) => getCompanyReputation(companyId, signal),
  });
