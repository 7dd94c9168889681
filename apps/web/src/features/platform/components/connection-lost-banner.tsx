import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { api } from '@/lib/api-client';
import { useConnectionState } from '@/lib/server-connection';

/** How often the banner asks whether the server answers again (the server's Retry-After is 5 s). */
const PROBE_INTERVAL_MS = 5_000;

/**
 * Above every screen while the server cannot answer (its database restarting, the server down, or
 * the device offline). It is never a sign-out: the session and the data on screen stay. Offline, the
 * deals and conversations show the copies the app kept, and it says so. It asks /api/health until the
 * server answers, and then every screen reads its data again and the banner goes.
 */
export function ConnectionLostBanner() {
  const state = useConnectionState();
  const lost = state !== 'online';
  const queryClient = useQueryClient();
  const wasLost = useRef(false);

  useEffect(() => {
    if (!lost) {
      if (wasLost.current) void queryClient.invalidateQueries();
      wasLost.current = false;
      return;
    }
    wasLost.current = true;
    // Each answer updates the connection state through the API client.
    const timer = setInterval(() => void api.get('/api/health').catch(() => {}), PROBE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [lost, queryClient]);

  if (!lost) return null;
  return (
    <div className="border-b border-amber-200 bg-warning-soft">
      <div className="container-page py-2">
        <Alert variant="warning" className="border-0 bg-transparent p-0">
          <AlertDescription className="font-medium">
            {state === 'offline-copy'
              ? 'You are offline. Deals and conversations show what you last saw; changes wait until you are back online.'
              : 'Connection to the server was lost. Retrying…'}
          </AlertDescription>
        </Alert>
      </div>
    </div>
  );
}
