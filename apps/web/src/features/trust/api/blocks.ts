import type { BlockedTrader, BlockList } from '@app/shared/trust/trust.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trustKeys } from './trust-keys';

export const getBlocks = (signal?: AbortSignal) => api.get<BlockList>('/api/me/blocks', { signal });

/** GET /api/me/blocks: the traders the signed-in user blocked (off while signed out). */
export const useBlocks = (enabled = true) =>
  useQuery({ queryKey: trustKeys.blocks, queryFn: ({ signal }) => getBlocks(signal), enabled });

/**
 * What a block changes elsewhere: conversations (who may write), the marketplace, listings and matches.
 * Other features' keys are named by their literal value.
 */
async function refreshAfterBlockChange(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all(
    [trustKeys.blocks, ['messaging'], ['listings'], ['matching']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /api/me/blocks. */
export function useBlockTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<BlockedTrader>('/api/me/blocks', { userId }),
    onSettled: () => refreshAfterBlockChange(queryClient),
  });
}

/** DELETE /api/me/blocks/:userId. */
export function useUnblockTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/api/me/blocks/${encodeURIComponent(userId)}`),
    onSettled: () => refreshAfterBlockChange(queryClient),
  });
}
