import type { SubscriptionStatus } from '@app/shared/billing/billing.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth-client';
import { getEntitlementsQueryOptions } from './get-entitlements';
import { getSubscriptionQueryOptions } from './get-subscription';

export async function refreshSubscription(): Promise<SubscriptionStatus> {
  return api.post<SubscriptionStatus>('/api/billing/subscription/refresh', {});
}

/** POST /api/billing/subscription/refresh: the status card's Refresh (re-reads the payment provider). */
export function useRefreshSubscription(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSubscription,
    onSuccess: (status) => {
      queryClient.setQueryData(getSubscriptionQueryOptions(userId).queryKey, status);
      // The auth state (subscribed, tier, end) and the entitlements follow the same subscription.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: getEntitlementsQueryOptions(userId).queryKey });
    },
  });
}
