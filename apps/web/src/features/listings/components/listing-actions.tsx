import type { Listing } from '@app/shared/listings/listings.schemas';
import { HandCoins, MessageSquare, ShoppingCart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StartConversationDialog } from '@/features/messaging/components/start-conversation-dialog';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';

type ListingActionsProps = {
  listing: Pick<Listing, 'id' | 'userId' | 'type' | 'title' | 'seller'>;
  /** The landing cards show the message button and Buy Now only; the marketplace adds Make Offer. */
  showMakeOffer?: boolean;
  /** Where signed-in traders go for Buy Now and Make Offer until deals ship; the detail page points at its seller card. */
  href?: string;
  className?: string;
};

/**
 * Message seller, Buy Now (sell listings) and Make Offer. Visitors get the sign-in dialog; the owner sees
 * one disabled "Your Listing" button. Message opens the start-conversation dialog; until deals ship, Buy Now
 * and Make Offer take signed-in traders to the listing's detail page, which shows the seller.
 */
export function ListingActions({ listing, showMakeOffer = true, href, className }: ListingActionsProps) {
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const [messaging, setMessaging] = useState(false);
  const target = href ?? paths.listing(listing.id);
  // An in-page anchor (the detail page's seller card) is a plain link, so the browser scrolls to it.
  const linkTo = (children: ReactNode) =>
    target.startsWith('#') ? <a href={target}>{children}</a> : <Link to={target}>{children}</Link>;

  if (user && user.id === listing.userId) {
    return (
      <div className={cn('flex', className)}>
        <Button variant="secondary" className="w-full" disabled>
          Your Listing
        </Button>
      </div>
    );
  }

  const items = [
    { key: 'buy', label: 'Buy Now', icon: ShoppingCart, show: listing.type === 'sell', variant: 'default' },
    { key: 'offer', label: 'Make Offer', icon: HandCoins, show: showMakeOffer, variant: 'outline' },
  ] as const;

  const message = user ? (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label="Message seller"
        title="Message seller"
        onClick={() => setMessaging(true)}
      >
        <MessageSquare aria-hidden />
      </Button>
      <StartConversationDialog
        open={messaging}
        onOpenChange={setMessaging}
        target={{
          recipientId: listing.userId,
          recipientName: listing.seller.fullName,
          listingId: listing.id,
          context: listing.title,
        }}
      />
    </>
  ) : (
    <Button
      variant="outline"
      size="icon"
      aria-label="Message seller"
      title="Message seller"
      onClick={() => dialog.open('signin')}
    >
      <MessageSquare aria-hidden />
    </Button>
  );

  return (
    <div className={cn('flex items-center gap-2', className)}>
      {message}
      {items
        .filter((item) => item.show)
        .map(({ key, label, icon: Icon, variant }) =>
          user ? (
            <Button key={key} asChild variant={variant} className="flex-1">
              {linkTo(
                <>
                  <Icon aria-hidden />
                  {label}
                </>,
              )}
            </Button>
          ) : (
            <Button key={key} variant={variant} className="flex-1" onClick={() => dialog.open('signin')}>
              <Icon aria-hidden />
              {label}
            </Button>
          ),
        )}
    </div>
  );
}
