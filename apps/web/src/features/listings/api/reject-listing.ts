import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminListingsKey } from './get-admin-listings';

export const rejectListing = ({ id, reason }: { id: string; reason: string }) =>
  api.post<unknown>(`/api/admin/listings/${encodeURIComponent(id)}/reject`, { reason });

/** POST /api/admin/listings/:id/reject {reason}: hides the listing and emails the owner the reason. */
export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectListing,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminListingsKey }),
        queryClient.invalidateQueries({ queryKey: ['listings'] }),
      ]),
  });
}
