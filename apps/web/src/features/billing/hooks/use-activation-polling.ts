import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth-client';
import { getEntitlementsQueryOptions } from '../api/get-entitlements';
import { getSubscriptionQueryOptions, useSubscription } from '../api/get-subscription';
import { useRefreshSubscription } from '../api/refresh-subscription';

const POLL_INTERVAL_MS = 1_000;
const POLL_FOR_MS = 10_000;

/**
 * After the provider sends the browser back from a paid checkout, the webhooks that activate Premium and
 * record the first payment may land a moment later. start() re-reads the auth state and asks the server to
 * read the paid checkout from the provider (Refresh), then polls the
 * subscription every second for up to ten seconds until it is subscribed with its money-back window
 * known, re-reading the auth state and entitlements as soon as it turns subscribed.
 */
export function useActivationPolling() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const queryClient = useQueryClient();
  const [pollingSince, setPollingSince] = useState<number | null>(null);
  const announced = useRef(false);
  const polling = pollingSince !== null;
  const subscription = useSubscription(userId, { pollMs: polling ? POLL_INTERVAL_MS : false });
  const subscribed = subscription.data?.subscribed === true;
  // Settled once the first payment is booked: the money-back window is known, or known to be used up.
  const settled =
    subscribed &&
    (subscription.data?.moneyBackEligibleUntil != null ||
      subscription.data?.moneyBackUnavailableReason != null);
  const { refresh } = auth;
  const { mutate: refreshFromProvider } = useRefreshSubscription(userId);

  const start = useCallback(() => {
    announced.current = false;
    setPollingSince(Date.now());
    void refresh();
    refreshFromProvider(undefined, {
      // The webhooks still arrive; polling then sees Premium the ordinary way.
      onError: () =>
        void queryClient.invalidateQueries({ queryKey: getSubscriptionQueryOptions(userId).queryKey }),
    });
  }, [refresh, refreshFromProvider, queryClient, userId]);

  // Turned subscribed: the header, the auth state and the entitlements follow at once.
  useEffect(() => {
    if (!polling || !subscribed || announced.current) return;
    announced.current = true;
    void refresh();
    void queryClient.invalidateQueries({ queryKey: getEntitlementsQueryOptions(userId).queryKey });
  }, [polling, subscribed, refresh, queryClient, userId]);

  useEffect(() => {
    if (polling && settled) setPollingSince(null);
  }, [polling, settled]);

  // The window has passed: stop. If Premium is still not active, say so and leave Refresh to the user.
  const subscribedRef = useRef(subscribed);
  subscribedRef.current = subscribed;
  useEffect(() => {
    if (pollingSince === null) return;
    const timer = setTimeout(
      () => {
        setPollingSince(null);
        if (subscribedRef.current) return;
        toast.info('Your payment is being confirmed', {
          id: 'activation-pending',
          description:
            'Premium can take a minute to appear. Use Refresh on the subscription card to check again.',
        });
      },
      Math.max(0, pollingSince + POLL_FOR_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [pollingSince]);

  /** True while waiting for Premium to turn on (the card shows "Confirming your payment…"). */
  return { start, isPolling: polling && !subscribed };
}
