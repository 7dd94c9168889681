import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { ProposeDealDialog } from '@/features/deals/components/propose-deal-dialog';
import { StartConversationDialog } from '@/features/messaging/components/start-conversation-dialog';
import { type FeatureSlots, FeatureSlotsProvider } from '@/lib/feature-slots';
import { createQueryClient } from '@/lib/query-client';
import { PaymentWatchDialog } from './payment-watch-dialog';
import { RealtimeBridge } from './realtime-bridge';

/** The pieces features show inside each other's screens (lib/feature-slots.tsx). */
const featureSlots: FeatureSlots = { StartConversationDialog, ProposeDealDialog };

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={200}>
        <AuthProvider>
          <FeatureSlotsProvider slots={featureSlots}>
            {children}
            <RealtimeBridge />
            <PaymentWatchDialog />
          </FeatureSlotsProvider>
        </AuthProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
