import type { SubscriptionStatus } from '@app/shared/billing/billing.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth-client';
import { getEntitlementsQueryOptions } from './get-entitlements';
import { getSubscriptionQueryOptions } from './get-subscription';

export async function refundSubscription(): Promise<SubscriptionStatus> {
  return api.post<SubscriptionStatus>('/api/billing/subscription/refund', {});
}

/** POST /api/billing/subscription/refund: the money-back guarantee (cancel now, full refund). */
export function useRefundSubscription(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSubscription,
    onSuccess: (status) => {
      queryClient.setQueryData(getSubscriptionQueryOptions(userId).queryKey, status);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: getEntitlementsQueryOptions(userId).queryKey });
    },
  });
}
