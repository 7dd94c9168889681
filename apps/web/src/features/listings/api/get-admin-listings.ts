import type { AdminListingPage, APPROVAL_STATUSES } from '@app/shared/listings/listings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AdminListing } from '@app/shared/listings/listings.schemas';
export type ReviewStatus = (typeof APPROVAL_STATUSES)[number];

export async function getAdminListings(
  status: ReviewStatus,
  page: number,
  signal?: AbortSignal,
): Promise<AdminListingPage> {
  return api.get<AdminListingPage>('/api/admin/listings', { query: { status, page }, signal });
}

export const adminListingsKey = ['admin', 'listings'] as const;

export const getAdminListingsQueryOptions = (status: ReviewStatus, page: number) =>
  queryOptions({
    queryKey: [...adminListingsKey, status, page],
    queryFn: ({ signal }) => getAdminListings(status, page, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/listings?status&page: the review queue (pending by default) and the decided ones. */
export const useAdminListings = (status: ReviewStatus, page: number) =>
  useQuery(getAdminListingsQueryOptions(status, page));
