import type { Deal } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDealsKey } from './get-admin-deals';

export type DisputeResolution = 'release-escrow' | 'refund-escrow';

export async function resolveDispute({
  id,
  action,
}: {
  id: string;
  action: DisputeResolution;
}): Promise<Deal> {
  return api.post<Deal>(`/api/admin/deals/${encodeURIComponent(id)}/actions`, { action });
}

/** POST /api/admin/deals/:id/actions {action: release-escrow | refund-escrow}: settles a dispute. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDealsKey }),
  });
}
