import { DEAL_CONSTANTS, DEAL_MESSAGES, purchaseInitiatedDescription } from '@app/shared/deals/deals.schemas';
import { HandCoins, ShoppingCart } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useBuyNow } from '../api/buy-now';
import { type DealListingTarget, ProposeDealDialog } from './propose-deal-dialog';

type ListingDealButtonsProps = {
  listing: DealListingTarget;
  /** The landing cards show Buy Now only; the marketplace and the listing page add Make Offer. */
  showMakeOffer?: boolean;
  /** The 30-day market index of the listing's material, when one exists: the offer dialog compares with it. */
  indexCentsPerTonne?: number | null;
};

/**
 * Buy Now (sell listings) and Make Offer on another trader's listing. Visitors get the sign-in dialog;
 * the owner's card shows "Your Listing" instead of these (the listing's own actions decide that).
 */
export function ListingDealButtons({
  listing,
  showMakeOffer = true,
  indexCentsPerTonne,
}: ListingDealButtonsProps) {
  // Until the session is known a click would take a signed-in trader for a visitor: wait for it.
  const { user, loading } = useAuth();
  const dialog = useAuthDialog();
  const navigate = useNavigate();
  const buy = useBuyNow();
  const [offering, setOffering] = useState(false);
  const lastBuyClick = useRef(0);

  const onBuyNow = async () => {
    if (!user) {
      dialog.open('signin');
      return;
    }
    // One purchase per click: a second click within a second, or while the first runs, does nothing.
    const now = Date.now();
    if (buy.isPending || now - lastBuyClick.current < DEAL_CONSTANTS.buyNowClickGuardMs) return;
    lastBuyClick.current = now;
    if (user.id === listing.userId) {
      toast.error(DEAL_MESSAGES.cannotBuyOwn, { description: DEAL_MESSAGES.cannotBuyOwnDescription });
      return;
    }
    try {
      const deal = await buy.mutateAsync({ listingId: listing.id });
      toast.success(DEAL_MESSAGES.purchaseInitiated, {
        id: `purchase-${deal.id}`,
        description: purchaseInitiatedDescription(deal.dealValueCents),
        action: { label: 'View Deals', onClick: () => navigate(paths.deals) },
      });
    } catch (error) {
      const apiError = parseApiError(error);
      if (apiError.status === 403) {
        toast.error(DEAL_MESSAGES.cannotBuyOwn, { description: DEAL_MESSAGES.cannotBuyOwnDescription });
      } else {
        toast.error(DEAL_MESSAGES.purchaseFailed, { description: apiError.message });
      }
    }
  };

  const onMakeOffer = () => {
    if (!user) dialog.open('signin');
    else setOffering(true);
  };

  return (
    <>
      {listing.type === 'sell' ? (
        <Button className="flex-1" onClick={() => void onBuyNow()} disabled={loading || buy.isPending}>
          <ShoppingCart aria-hidden />
          {buy.isPending ? 'Buying...' : 'Buy Now'}
        </Button>
      ) : null}
      {showMakeOffer ? (
        <Button variant="outline" className="flex-1" onClick={onMakeOffer} disabled={loading}>
          <HandCoins aria-hidden />
          Make Offer
        </Button>
      ) : null}
      {user ? (
        <ProposeDealDialog
          listing={listing}
          open={offering}
          onOpenChange={setOffering}
          indexCentsPerTonne={indexCentsPerTonne}
        />
      ) : null}
    </>
  );
}
