import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/lib/auth-client';
import { billingQueryKey } from '../api/get-subscription';

/**
 * While the provider's tab is open, the subscription may change there: mark the auth state and billing
 * answers stale (without refetching now), so coming back to this tab re-reads them on focus. The
 * `subscription.changed` event refreshes them as soon as the change is recorded.
 */
export function markStaleUntilReturn(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: billingQueryKey, refetchType: 'none' });
}
