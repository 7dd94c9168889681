import { SUBSCRIPTION_CHECKOUT_TOASTS } from '@app/shared/billing/billing.schemas';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';

type PaymentReturn = {
  param: string;
  value: string;
  notify: () => void;
  activatesPremium?: boolean;
  fundsEscrow?: boolean;
};

/** The query parameters the payment providers send the browser back with, and the toast for each. */
const PAYMENT_RETURNS: PaymentReturn[] = [
  {
    param: 'success',
    value: 'true',
    activatesPremium: true,
    notify: () =>
      toast.success(SUBSCRIPTION_CHECKOUT_TOASTS.activated.title, {
        id: 'return-subscription-success',
        description: SUBSCRIPTION_CHECKOUT_TOASTS.activated.description,
      }),
  },
  {
    param: 'canceled',
    value: 'true',
    notify: () =>
      toast(SUBSCRIPTION_CHECKOUT_TOASTS.canceled.title, {
        id: 'return-subscription-canceled',
        description: SUBSCRIPTION_CHECKOUT_TOASTS.canceled.description,
      }),
  },
  {
    param: 'escrow',
    value: 'success',
    fundsEscrow: true,
    notify: () =>
      toast.success(DEAL_MESSAGES.escrowPaymentSuccess, {
        id: 'return-escrow-success',
        description: DEAL_MESSAGES.escrowPaymentSuccessText,
      }),
  },
  {
    param: 'escrow',
    value: 'cancelled',
    notify: () =>
      toast(DEAL_MESSAGES.escrowPaymentCanceled, {
        id: 'return-escrow-cancelled',
        description: 'No payment was taken. You can fund the deal again from My Deals.',
      }),
  },
];

const RETURN_PARAMS = [...new Set(PAYMENT_RETURNS.map((r) => r.param))];

/**
 * /dashboard?success=true and friends: show the toast, then drop the parameter by replacing the history
 * entry (so Back or a reload does not show it again). Calls onPremiumActivated for a paid subscription
 * checkout and onEscrowFunded for a paid escrow checkout.
 */
export function usePaymentReturns(onPremiumActivated: () => void, onEscrowFunded?: () => void) {
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes, not when the callback does
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const matched = PAYMENT_RETURNS.filter((r) => params.get(r.param) === r.value);
    if (!RETURN_PARAMS.some((param) => params.has(param))) return;
    // Toast ids make a repeated run (React's development double effects) show each toast once.
    for (const ret of matched) ret.notify();
    if (matched.some((r) => r.activatesPremium)) onPremiumActivated();
    if (matched.some((r) => r.fundsEscrow)) onEscrowFunded?.();
    for (const param of RETURN_PARAMS) params.delete(param);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search]);
}
