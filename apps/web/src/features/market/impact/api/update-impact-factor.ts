import type { UpdateWarmFactorBody, WarmFactor } from '@app/shared/market/impact.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { impactFactorsKey } from './get-impact-factors';

export async function updateImpactFactor({
  id,
  changes,
}: {
  id: string;
  changes: UpdateWarmFactorBody;
}): Promise<WarmFactor> {
  return api.patch<WarmFactor>(`/api/admin/impact-factors/${encodeURIComponent(id)}`, changes);
}

/** PATCH /api/admin/impact-factors/:id; the caller reports errors. */
export function useUpdateImpactFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImpactFactor,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: impactFactorsKey }),
        queryClient.invalidateQueries({ queryKey: ['impact'] }),
      ]),
  });
}
