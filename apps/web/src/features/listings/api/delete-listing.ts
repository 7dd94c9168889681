import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

export const deleteListing = (id: string) => api.delete<void>(`/api/listings/${encodeURIComponent(id)}`);

/** DELETE /api/listings/:id (204). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
