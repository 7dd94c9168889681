import type { OwnListing } from '@app/shared/listings/listings.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Star, Trash2 } from 'lucide-react';
import { EditButton } from '@/components/page/edit-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { openPaymentTab } from '@/lib/payment-tab';
import { useFeatureListing } from '../api/feature-listing';
import { featuredCheckoutWatch } from '../utils/featured-checkout-watch';

type OwnerListingActionsProps = {
  listing: OwnListing;
  onEdit: (listing: OwnListing) => void;
  onDelete: (listing: OwnListing) => void;
};

/** Edit, Delete and (for listings not featured yet) Feature, on the owner's cards. */
export function OwnerListingActions({ listing, onEdit, onDelete }: OwnerListingActionsProps) {
  const feature = useFeatureListing();
  const queryClient = useQueryClient();
  const startFeature = async () => {
    // The checkout tab opens now, within the click, so no pop-up blocker stops it.
    const tab = openPaymentTab();
    try {
      const { url } = await feature.mutateAsync(listing.id);
      tab.go(featuredCheckoutWatch(queryClient, listing, url));
    } catch (error) {
      tab.discard();
      toast.error('Could not start featuring', { description: parseApiError(error).message });
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <EditButton label={listing.title} onClick={() => onEdit(listing)} />
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:bg-destructive-soft"
        onClick={() => onDelete(listing)}
        aria-label={`Delete ${listing.title}`}
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      {!listing.isFeatured && listing.status === 'active' ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void startFeature()}
          disabled={feature.isPending}
          aria-label={`Feature ${listing.title}`}
        >
          <Star aria-hidden />
          {feature.isPending ? 'Opening...' : 'Feature'}
        </Button>
      ) : null}
    </div>
  );
}
