import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  type ActiveWatch,
  onCheckoutReturn,
  type PaymentOutcome,
  paymentWatchStore,
} from '@/lib/payment-tab';
import { realtimeClient } from '@/lib/realtime-client';

/** A safety net while waiting, in case both the socket and focus events miss the outcome. */
const RECHECK_MS = 15_000;

/** The waiting tab's dialog: which payment it waits for, and the way to reopen checkout or stop waiting. */
export function PaymentWaitingDialog({ watch }: { watch: ActiveWatch | null }) {
  return (
    <Dialog open={watch !== null} onOpenChange={(open) => !open && paymentWatchStore.clear()}>
      <DialogContent className="max-w-md">{watch ? <WaitingContent watch={watch} /> : null}</DialogContent>
    </Dialog>
  );
}

function WaitingContent({ watch }: { watch: ActiveWatch }) {
  useFollowOutcome(watch);
  const linkProps = {
    href: watch.url,
    target: '_blank',
    rel: 'noopener noreferrer',
    onClick: () => paymentWatchStore.markOpened(watch),
  };

  if (watch.blocked)
    return (
      <>
        <DialogHeader>
          <DialogTitle>Open checkout to continue</DialogTitle>
          <DialogDescription>
            Your browser did not open the payment page for {watch.label}. Open it in a new tab; this page
            updates as soon as the payment is done.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => paymentWatchStore.clear(watch)}>
            Cancel
          </Button>
          <Button asChild>
            <a {...linkProps}>
              <ExternalLink aria-hidden />
              Open checkout
            </a>
          </Button>
        </DialogFooter>
      </>
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Waiting for payment in the other tab</DialogTitle>
        <DialogDescription>
          Complete the payment for {watch.label} in the checkout tab. This page updates as soon as it is done;
          there is no need to reload.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm" aria-live="polite">
        <Spinner className="size-5 text-primary" label="Waiting for payment" />
        <span>Waiting for the payment provider…</span>
      </div>
      <p className="text-sm text-muted-foreground">
        Closed the tab by mistake? Reopen checkout; you will not be charged twice.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={() => paymentWatchStore.clear(watch)}>
          Cancel
        </Button>
        <Button asChild variant="secondary">
          <a {...linkProps}>
            <ExternalLink aria-hidden />
            Reopen checkout
          </a>
        </Button>
      </DialogFooter>
    </>
  );
}

/** Re-reads the outcome on every hint that it may have changed, and settles the watch once. */
function useFollowOutcome(watch: ActiveWatch) {
  const settled = useRef(false);
  const watchRef = useRef(watch);
  watchRef.current = watch;

  useEffect(() => {
    settled.current = false;
    let alive = true;
    const settle = (outcome: PaymentOutcome) => {
      if (!alive || settled.current || outcome === 'pending') return;
      settled.current = true;
      paymentWatchStore.clear();
      watchRef.current.onOutcome(outcome);
    };
    const check = () => {
      watchRef.current
        .check()
        .then(settle)
        .catch(() => {
          // A failed read is retried on the next hint (focus, event, timer).
        });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const unsubscribe = realtimeClient.subscribe((event) => {
      const outcome = watchRef.current.fromEvent(event);
      if (outcome) settle(outcome);
      else if (event.type === 'payment.updated' || event.type === 'subscription.changed') check();
    });
    const unsubscribeOpen = realtimeClient.subscribeOpen(check);
    // The checkout tab came back: a cancel is known at once (nothing was charged); a success is read.
    const unsubscribeReturn = onCheckoutReturn((outcome) => {
      if (outcome === 'canceled') settle('canceled');
      else check();
    });
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(check, RECHECK_MS);
    return () => {
      alive = false;
      unsubscribe();
      unsubscribeOpen();
      unsubscribeReturn();
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, []);
}
