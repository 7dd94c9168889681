import {
  AD_SETTINGS,
  type AdSlotEvent,
  canRefreshAdSlot,
  initialAdSlotState,
  nextAdSlotState,
} from '@app/shared/ads/ad-rules';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { cn } from '@/lib/cn';
import { loadProviderScript, requestAd } from '../lib/provider-script';

/** The provider's fixed height: the slot reserves at least as much, so the page does not move. */
const PROVIDER_HEIGHT = 'h-[18rem] sm:h-[11rem]';

/**
 * The provider's ad: refreshed every 30 s at most 5 times, retried once 500 ms after a failed fill,
 * and replaced by `fallback` (the house promotion) if that fails.
 */
export function ProviderAd({
  clientId,
  slotId,
  fallback,
}: {
  clientId: string;
  slotId: string | undefined;
  fallback: ReactNode;
}) {
  const [state, dispatch] = useReducer(nextAdSlotState, initialAdSlotState);
  const insRef = useRef<HTMLModElement>(null);

  // Each generation is a fresh ad element: load the script once, request a fill, wait for the verdict.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is what triggers a new request.
  useEffect(() => {
    if (state.phase !== 'filling') return;
    const ins = insRef.current;
    if (!ins) return;
    let settled = false;
    const settle = (event: AdSlotEvent) => {
      if (settled) return;
      settled = true;
      dispatch(event);
    };
    const verdict = () => {
      const status = ins.getAttribute('data-ad-status');
      if (status === 'filled') settle('filled');
      else if (status === 'unfilled') settle('unfilled');
    };
    const observer = new MutationObserver(verdict);
    observer.observe(ins, { attributes: true, attributeFilter: ['data-ad-status'] });
    const timeout = window.setTimeout(() => settle('unfilled'), AD_SETTINGS.fillTimeoutMs);
    loadProviderScript(clientId)
      .then(() => {
        if (settled) return;
        requestAd();
        verdict();
      })
      .catch(() => settle('unfilled'));
    return () => {
      settled = true;
      observer.disconnect();
      window.clearTimeout(timeout);
    };
  }, [clientId, state.phase, state.generation]);

  useEffect(() => {
    if (state.phase === 'retrying') {
      const timer = window.setTimeout(() => dispatch('retry-due'), AD_SETTINGS.retryDelayMs);
      return () => window.clearTimeout(timer);
    }
    if (canRefreshAdSlot(state)) {
      const timer = window.setTimeout(() => dispatch('refresh-due'), AD_SETTINGS.refreshIntervalMs);
      return () => window.clearTimeout(timer);
    }
  }, [state]);

  if (state.phase === 'fallback') return fallback;
  return (
    <aside aria-label="Advertisement" className={cn(PROVIDER_HEIGHT, 'overflow-hidden')}>
      <ins
        key={state.generation}
        ref={insRef}
        className={cn('adsbygoogle block w-full', PROVIDER_HEIGHT)}
        data-ad-client={clientId}
        data-ad-slot={slotId}
        data-ad-format="auto"
        data-full-width-responsive="false"
      />
    </aside>
  );
}
