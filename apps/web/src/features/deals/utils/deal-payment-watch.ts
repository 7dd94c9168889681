import { DEAL_MESSAGES, type Deal } from '@app/shared/deals/deals.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { PaymentWatch } from '@/lib/payment-tab';
import { paymentEventOutcome } from '@/lib/payment-tab';
import { dealKeys } from '../api/deal-keys';
import { getDeals } from '../api/get-deals';

type Copy = { title: string; description: string };

/**
 * The original tab follows a deal's checkout (escrow funding or commission) in the other tab: the
 * payment's realtime event or the deal as the server reads it settles it, then the deals refresh.
 */
function dealPaymentWatch(
  queryClient: QueryClient,
  deal: Deal,
  opts: {
    url: string;
    label: string;
    purpose: 'escrow_funding' | 'commission';
    isPaid: (deal: Deal) => boolean;
    succeeded: Copy;
    canceled: Copy;
  },
): PaymentWatch {
  return {
    url: opts.url,
    label: opts.label,
    fromEvent: (event) => paymentEventOutcome(event, { purpose: opts.purpose, targetId: deal.id }),
    check: async () => {
      const current = (await getDeals()).deals.find((d) => d.id === deal.id);
      return current && opts.isPaid(current) ? 'succeeded' : 'pending';
    },
    onOutcome: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
      if (outcome === 'succeeded')
        toast.success(opts.succeeded.title, { description: opts.succeeded.description });
      else if (outcome === 'canceled') toast(opts.canceled.title, { description: opts.canceled.description });
      else toast.error(DEAL_MESSAGES.paymentErrorTitle, { description: 'The payment did not go through.' });
    },
  };
}

/** Escrow funded by card or Klarna in the checkout tab. */
export const escrowCheckoutWatch = (queryClient: QueryClient, deal: Deal, url: string) =>
  dealPaymentWatch(queryClient, deal, {
    url,
    label: `escrow for ${deal.listingTitle}`,
    purpose: 'escrow_funding',
    isPaid: (d) => d.escrowStatus === 'held' || d.escrowStatus === 'released',
    succeeded: {
      title: DEAL_MESSAGES.escrowPaymentSuccess,
      description: DEAL_MESSAGES.escrowPaymentSuccessText,
    },
    canceled: {
      title: DEAL_MESSAGES.escrowPaymentCanceled,
      description: 'No payment was taken. You can fund the deal again from My Deals.',
    },
  });

/** The platform commission paid in the checkout tab. */
export const commissionCheckoutWatch = (queryClient: QueryClient, deal: Deal, url: string) =>
  dealPaymentWatch(queryClient, deal, {
    url,
    label: `the commission on ${deal.listingTitle}`,
    purpose: 'commission',
    isPaid: (d) => d.commission.settled || d.commission.paidCents > deal.commission.paidCents,
    succeeded: {
      title: 'Commission paid',
      description: 'Thank you. The deal shows the commission as settled once the payment is confirmed.',
    },
    canceled: {
      title: 'Commission payment canceled',
      description: 'No payment was taken. You can pay the commission from the deal at any time.',
    },
  });
