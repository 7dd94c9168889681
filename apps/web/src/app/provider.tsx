import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { type FeatureSlots, FeatureSlotsProvider } from '@/lib/feature-slots';
import { createQueryClient } from '@/lib/query-client';
import { PaymentWatchDialog } from './payment-watch-dialog';
import { RealtimeBridge } from './realtime-bridge';

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
};

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <FeatureSlotsProvider slots={featureSlots}>
          {children}
          <RealtimeBridge />
          <PaymentWatchDialog />
        </FeatureSlotsProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
