import type { ListingUsage } from '@app/shared/listings/listings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export async function getListingUsage(signal?: AbortSignal): Promise<ListingUsage> {
  return api.get<ListingUsage>('/api/me/listing-usage', { signal });
}

export const getListingUsageQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: listingKeys.usage(), queryFn: ({ signal }) => getListingUsage(signal), enabled });

/** GET /api/me/listing-usage: the free-plan counter (n/5) of the create form. */
export const useListingUsage = (enabled = true) => useQuery(getListingUsageQueryOptions(enabled));
