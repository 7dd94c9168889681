import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import {
  checkoutReturnNotice,
  checkoutReturnOutcome,
  finishCheckoutReturn,
  useActivePaymentWatch,
  useReturnedToOtherTab,
} from '@/lib/payment-tab';

/** Fetched when a checkout first opens in another tab. */
const PaymentWaitingDialog = lazyDialog(
  () => import('./payment-waiting-dialog').then((m) => m.PaymentWaitingDialog),
  (props) => props.watch !== null,
);

/**
 * While a checkout is open in another tab, this tab says so (with the way to reopen it or stop
 * waiting) and follows the outcome: a realtime event, the checkout tab coming back, this tab regaining
 * focus or the socket reopening each re-read it, and the starter's toast and refresh run once settled.
 */
export function PaymentWatchDialog({ loadedSearch }: { loadedSearch: string }) {
  const watch = useActivePaymentWatch();
  // A page load from a provider's return address: tell the tab that waits on it.
  useEffect(() => {
    const outcome = checkoutReturnOutcome(loadedSearch);
    if (outcome) finishCheckoutReturn(outcome);
  }, [loadedSearch]);
  return (
    <>
      <PaymentWaitingDialog watch={watch} />
      <CheckoutReturnNotice />
    </>
  );
}

/** In the checkout tab, once the waiting tab has heard of the return: this tab can be closed. */
function CheckoutReturnNotice() {
  const returned = useReturnedToOtherTab();
  if (!returned) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-40 flex justify-center p-3">
      <Alert variant="success" className="w-full max-w-xl pr-12 shadow-lg">
        <AlertTitle>You can close this tab</AlertTitle>
        <AlertDescription>
          Your other Recytrade tab follows this payment and shows where it stands. Go back to it to continue.
        </AlertDescription>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-2 right-2 size-8"
          aria-label="Dismiss"
          onClick={() => checkoutReturnNotice.dismiss()}
        >
          <X aria-hidden />
        </Button>
      </Alert>
    </div>
  );
}
