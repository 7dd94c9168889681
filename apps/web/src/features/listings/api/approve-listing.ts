import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminListingsKey } from './get-admin-listings';

export const approveListing = ({ id, notes }: { id: string; notes?: string }) =>
  api.post<unknown>(`/api/admin/listings/${encodeURIComponent(id)}/approve`, notes ? { notes } : {});

/** POST /api/admin/listings/:id/approve {notes?} */
export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveListing,
    // The listings feature's caches (marketplace, landing) go stale too: a prefix match on 'listings'.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminListingsKey }),
        queryClient.invalidateQueries({ queryKey: ['listings'] }),
      ]),
  });
}
