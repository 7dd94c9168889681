import type { Listing } from '@app/shared/listings/listings.schemas';
import { MessageSquare } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { useFeatureSlots } from '@/lib/feature-slots';

type ListingActionsProps = {
  listing: Pick<Listing, 'id' | 'userId' | 'type' | 'title' | 'seller'>;
  /** Buy Now and Make Offer, composed in by the page (they belong to deals). */
  dealButtons?: ReactNode;
  className?: string;
};

/**
 * Message seller plus the page's deal buttons. Visitors get the sign-in dialog; the owner sees one
 * disabled "Your Listing" button instead of all of them.
 */
export function ListingActions({ listing, dealButtons, className }: ListingActionsProps) {
  const { StartConversationDialog } = useFeatureSlots();
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const [messaging, setMessaging] = useState(false);

  if (user && user.id === listing.userId) {
    return (
      <div className={cn('flex', className)}>
        <Button variant="secondary" className="w-full" disabled>
          Your Listing
        </Button>
      </div>
    );
  }

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
      {dealButtons}
    </div>
  );
}
