import type { CreateListingBody, CreateListingResult } from '@app/shared/listings/listings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export async function createListing(body: CreateListingBody): Promise<CreateListingResult> {
  return api.post<CreateListingResult>('/api/listings', body);
}

/** POST /api/listings: answers the listing and, when featuring was asked for, a checkout URL. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
