import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtimeClient, useRealtimeConnectionState } from '@/lib/realtime-client';
import { priceIndexKeys } from '../api/price-index-keys';

/** How often /market polls while the realtime socket is down. */
const FALLBACK_POLL_MS = 60_000;

/**
 * Keeps /market current: the server broadcasts `market.index.updated` after each recompute and the
 * page refetches; while the socket is not open the caller polls once a minute instead.
 */
export function useLiveMarketIndex() {
  const queryClient = useQueryClient();
  const connection = useRealtimeConnectionState();
  useEffect(
    () =>
      realtimeClient.subscribe((event) => {
        if (event.type === 'market.index.updated' || event.type === 'realtime.resync')
          void queryClient.invalidateQueries({ queryKey: priceIndexKeys.all });
      }),
    [queryClient],
  );
  return { refetchInterval: connection === 'open' ? (false as const) : FALLBACK_POLL_MS };
}
