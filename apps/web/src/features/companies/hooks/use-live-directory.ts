import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { realtimeClient, useRealtimeConnectionState } from '@/lib/realtime-client';
import { companyKeys } from '../api/company-keys';

/** How often the directory polls while the realtime socket is down. */
export const DIRECTORY_FALLBACK_POLL_MS = 10_000;
/** How many of the latest live events the diagnostics panel lists. */
const RECENT_EVENTS_KEPT = 5;

export type DirectoryLiveEvent = {
  companyId: string;
  change: 'created' | 'updated' | 'removed';
  receivedAt: number;
};

/**
 * Keeps the directory current: every `directory.changed` broadcast invalidates the companies queries, and
 * while the socket is not open the caller polls every 10 s instead (`refetchInterval`).
 */
export function useLiveDirectory() {
  const queryClient = useQueryClient();
  const connection = useRealtimeConnectionState();
  const [recentEvents, setRecentEvents] = useState<DirectoryLiveEvent[]>([]);

  useEffect(
    () =>
      realtimeClient.subscribe((event) => {
        // Events were lost on the server's side: read the directory again.
        if (event.type === 'realtime.resync')
          void queryClient.invalidateQueries({ queryKey: companyKeys.all });
        if (event.type !== 'directory.changed') return;
        const received = { companyId: event.companyId, change: event.change, receivedAt: Date.now() };
        setRecentEvents((events) => [received, ...events].slice(0, RECENT_EVENTS_KEPT));
        void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      }),
    [queryClient],
  );

  const polling = connection !== 'open';
  return {
    connection,
    polling,
    refetchInterval: polling ? DIRECTORY_FALLBACK_POLL_MS : (false as const),
    /** Newest first. */
    recentEvents,
  };
}
