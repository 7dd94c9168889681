import { soldLabel } from '@app/shared/listings/listing-rules';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { HandCoins, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { toast } from '@/components/ui/toast';
import { useAuth, useAuthDialog } from '@/lib/auth-client';

const BuyNowDialog = lazyDialog(
  () => import('./buy-now-dialog').then((m) => m.BuyNowDialog),
  (props) => props.open,
);
const ProposeDealDialog = lazyDialog(
  () => import('./propose-deal-dialog').then((m) => m.ProposeDealDialog),
  (props) => props.open,
);

type ListingDealButtonsProps = {
  listing: Listing;
  /** The landing cards show Buy Now only; the marketplace and the listing page add Make Offer. */
  showMakeOffer?: boolean;
  /** The 30-day market index of the listing's material, when one exists: the offer dialog compares with it. */
  indexCentsPerTonne?: number | null;
};

/**
 * Buy Now (sell listings: a confirmation dialog) and Make Offer on another trader's listing. Visitors
 * get the sign-in dialog; the owner's card shows "Your Listing" instead of these (the listing's own
 * actions decide that). A sold listing offers neither.
 */
export function ListingDealButtons({
  listing,
  showMakeOffer = true,
  indexCentsPerTonne,
}: ListingDealButtonsProps) {
  // Until the session is known a click would take a signed-in trader for a visitor: wait for it.
  const { user, loading } = useAuth();
  const dialog = useAuthDialog();
  const [buying, setBuying] = useState(false);
  const [offering, setOffering] = useState(false);

  if (listing.status === 'sold' || listing.remainingQuantity <= 0)
    return (
      <Button variant="outline" className="flex-1" disabled>
        {soldLabel(listing.type)}
      </Button>
    );

  const onBuyNow = () => {
    if (!user) dialog.open('signin');
    else if (user.id === listing.userId)
      // The owner's card offers no Buy Now, so this refusal is rare: its words load with it, not with the page.
      void import('@app/shared/deals/deal-messages').then(({ DEAL_MESSAGES }) =>
        toast.error(DEAL_MESSAGES.cannotBuyOwn, { description: DEAL_MESSAGES.cannotBuyOwnDescription }),
      );
    else setBuying(true);
  };

  const onMakeOffer = () => {
    if (!user) dialog.open('signin');
    else setOffering(true);
  };

  return (
    <>
      {listing.type === 'sell' ? (
        <Button className="flex-1" onClick={onBuyNow} disabled={loading}>
          <ShoppingCart aria-hidden />
          Buy Now
        </Button>
      ) : null}
      {showMakeOffer ? (
        <Button variant="outline" className="flex-1" onClick={onMakeOffer} disabled={loading}>
          <HandCoins aria-hidden />
          Make Offer
        </Button>
      ) : null}
      {user ? (
        <>
          <BuyNowDialog listing={listing} open={buying} onOpenChange={setBuying} />
          <ProposeDealDialog
            listing={listing}
            open={offering}
            onOpenChange={setOffering}
            indexCentsPerTonne={indexCentsPerTonne}
          />
        </>
      ) : null}
    </>
  );
}
