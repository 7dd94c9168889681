import { lazy, Suspense, useEffect, useState } from 'react';
import { prefetchWhenIdle } from '@/lib/idle-prefetch';
import { loadSonner, onToasterRequested, requestToaster, toasterIsListening } from './toast';

function ListeningSignal() {
  // Effects run in order after sonner's Toaster subscribed (it is the earlier sibling).
  useEffect(() => toasterIsListening(), []);
  return null;
}

const SonnerToaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/**
 * Outcome toasts (sonner). Rich colours with AA-contrast overrides in globals.css; errors use toast.error.
 * They rise from the bottom (the right corner on wide screens, full width on phones) so they never
 * cover the header's Account menu, messages link or notification badges. Sonner is fetched when the
 * page is idle or when the first toast is raised (components/ui/toast.ts).
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stop = onToasterRequested(() => setWanted(true));
    prefetchWhenIdle(requestToaster);
    return stop;
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="bottom-right"
        richColors
        closeButton
        duration={5000}
        toastOptions={{ classNames: { toast: 'shadow-lg', title: 'text-sm', description: 'text-sm' } }}
      />
      <ListeningSignal />
    </Suspense>
  );
}
