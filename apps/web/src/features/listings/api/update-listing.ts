import type { OwnListing, UpdateListingBody } from '@app/shared/listings/listings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export async function updateListing({
  id,
  body,
}: {
  id: string;
  body: UpdateListingBody;
}): Promise<OwnListing> {
  return api.patch<OwnListing>(`/api/listings/${encodeURIComponent(id)}`, body);
}

/** PATCH /api/listings/:id: the owner edits any subset of the fields. */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
