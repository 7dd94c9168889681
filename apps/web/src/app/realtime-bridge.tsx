import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth-client';
import { realtimeClient } from '@/lib/realtime-client';

/** Keeps the realtime socket open while someone is signed in and shows server notifications as toasts. */
export function RealtimeBridge() {
  const { user } = useAuth();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    realtimeClient.connect();
    return () => realtimeClient.disconnect();
  }, [userId]);

  useEffect(
    () =>
      realtimeClient.subscribe((event) => {
        if (event.type === 'notification') toast.info(event.title, { description: event.body });
      }),
    [],
  );

  return null;
}
