import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { type FeatureSlots, FeatureSlotsProvider } from '@/lib/feature-slots';
import { whenIdle } from '@/lib/idle-prefetch';
import { createQueryClient } from '@/lib/query-client';

// The live socket and the checkout-tab watcher start once the first paint is done: neither has
// anything to show before, and their code stays out of the first load.
const RealtimeBridge = lazy(() => import('./realtime-bridge').then((m) => ({ default: m.RealtimeBridge })));
const PaymentWatchDialog = lazy(() =>
  import('./payment-watch-dialog').then((m) => ({ default: m.PaymentWatchDialog })),
);

/**
 * The address this page loaded with, read with the entry: the page's own return handling strips a
 * provider's return parameters before the checkout watcher starts.
 */
const LOADED_SEARCH = window.location.search;

function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 2_000), []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The pieces features show inside each other's screens (lib/feature-slots.tsx), fetched when one opens. */
const featureSlots: FeatureSlots = {
  StartConversationDialog: lazyDialog(
    () =>
      import('@/features/messaging/components/start-conversation-dialog').then(
        (m) => m.StartConversationDialog,
      ),
    (props) => props.open,
  ),
  ProposeDealDialog: lazyDialog(
    () => import('@/features/deals/components/propose-deal-dialog').then((m) => m.ProposeDealDialog),
    (props) => props.open,
  ),
  // Shown inside a Suspense boundary of the deal card.
  DealReviewPanel: lazy(() =>
    import('@/features/reviews/components/deal-review-panel').then((m) => ({ default: m.DealReviewPanel })),
  ),
};

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <FeatureSlotsProvider slots={featureSlots}>
          {children}
          <AfterFirstPaint>
            <RealtimeBridge />
            <PaymentWatchDialog loadedSearch={LOADED_SEARCH} />
          </AfterFirstPaint>
        </FeatureSlotsProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
