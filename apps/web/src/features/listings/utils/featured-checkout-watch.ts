import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { type PaymentWatch, paymentEventOutcome } from '@/lib/payment-tab';
import { getListing } from '../api/get-listing';
import { listingKeys } from '../api/listing-keys';

/** The original tab follows the featuring checkout in the other tab and shows the listing featured. */
export function featuredCheckoutWatch(
  queryClient: QueryClient,
  listing: { id: string; title: string },
  url: string,
): PaymentWatch {
  return {
    url,
    label: `featuring ${listing.title}`,
    fromEvent: (event) => paymentEventOutcome(event, { purpose: 'featured_listing', targetId: listing.id }),
    check: async () => ((await getListing(listing.id)).isFeatured ? 'succeeded' : 'pending'),
    onOutcome: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
      if (outcome === 'succeeded')
        toast.success('Listing featured', { description: `${listing.title} is featured for 7 days.` });
      else if (outcome === 'canceled')
        toast('Featuring canceled', {
          description: 'No payment was taken. You can feature the listing later.',
        });
      else toast.error('Payment Error', { description: 'The payment did not go through.' });
    },
  };
}
