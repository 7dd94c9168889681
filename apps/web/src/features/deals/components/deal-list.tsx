import { dealRoleOf } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES, type DealList as DealListData } from '@app/shared/deals/deals.schemas';
import { Handshake, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { DealCard, DealCardSkeleton } from './deal-card';

type DealListProps = {
  data: DealListData | undefined;
  isPending: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  viewerId: string;
};

/** The deal cards, or their skeletons, the empty state that leads to the marketplace, or the error. */
export function DealList({ data, isPending, isError, isRetrying, onRetry, viewerId }: DealListProps) {
  if (isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">Loading your deals</span>
        <DealCardSkeleton />
        <DealCardSkeleton />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <EmptyState
        icon={Handshake}
        title={DEAL_MESSAGES.loadFailed}
        description="Check your connection and try again."
        action={
          <Button onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? 'Trying...' : 'Try Again'}
          </Button>
        }
      />
    );
  }
  if (data.deals.length === 0) {
    return (
      <EmptyState
        icon={Handshake}
        title="No deals yet"
        description="Find a lot on the marketplace and use Buy Now or Make Offer to start your first deal."
        action={
          <Button asChild>
            <Link to={paths.marketplace}>
              <Store aria-hidden />
              Browse Marketplace
            </Link>
          </Button>
        }
      />
    );
  }
  return (
    <ul className="grid gap-4" aria-label="Deals">
      {data.deals.map((deal) => (
        <li key={deal.id}>
          <DealCard deal={deal} role={deal.role ?? dealRoleOf(deal, viewerId)} />
        </li>
      ))}
    </ul>
  );
}
