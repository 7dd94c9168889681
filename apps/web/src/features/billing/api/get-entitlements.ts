import type { EntitlementsView } from '@app/shared/billing/billing.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from './get-subscription';

export async function getEntitlements(signal?: AbortSignal): Promise<EntitlementsView> {
  return api.get<EntitlementsView>('/api/billing/entitlements', { signal });
}

export const getEntitlementsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'entitlements', userId] as const,
    queryFn: ({ signal }) => getEntitlements(signal),
    enabled: Boolean(userId),
    // Follows the subscription, which may change in the provider's tab (checkout, portal).
    refetchOnWindowFocus: true,
  });

/** GET /api/billing/entitlements: what the user's plan allows (listing limit, contact fee, expiry). */
export const useEntitlements = (userId: string | undefined) => useQuery(getEntitlementsQueryOptions(userId));
