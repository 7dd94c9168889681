import type { SubscriptionStatus } from '@app/shared/billing/billing.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const billingQueryKey = ['billing'] as const;

export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return api.get<SubscriptionStatus>('/api/billing/subscription', { signal });
}

/** Keyed by user, so a cached answer never outlives the session it belongs to. */
export const getSubscriptionQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'subscription', userId] as const,
    queryFn: ({ signal }) => getSubscription(signal),
    enabled: Boolean(userId),
    // Coming back from the provider's tab (checkout, portal) should show the new state at once.
    refetchOnWindowFocus: true,
  });

/** GET /api/billing/subscription: the status card's plan, state, renewal and money-back window. */
export const useSubscription = (userId: string | undefined, options: { pollMs?: number | false } = {}) =>
  useQuery({ ...getSubscriptionQueryOptions(userId), refetchInterval: options.pollMs ?? false });
