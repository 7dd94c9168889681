import { dealRoleOf } from '@app/shared/deals/deal-machine';
import {
  DEAL_FOLDER_LABELS,
  DEAL_FOLDERS,
  DEAL_MESSAGES,
  type Deal,
  type DealList as DealListData,
  dealInFolder,
  sortDealsForParty,
} from '@app/shared/deals/deals.schemas';
import { Handshake, Inbox, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useReputations } from '@/lib/reputation';
import { useTabParam } from '@/lib/use-tab-param';
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
  return <FiledDeals deals={data.deals} viewerId={viewerId} />;
}

const FOLDER_EMPTY: Record<string, string> = {
  action: 'Nothing needs you right now: deals waiting for the other party are under Active.',
  active: 'No open deals. Offers, agreed deals and funded escrow show here.',
  completed: 'No completed deals yet.',
  cancelled: 'No cancelled deals.',
};

/** The deals in folders (tabs with counts), what needs the viewer first, then by latest activity. */
function FiledDeals({ deals, viewerId }: { deals: Deal[]; viewerId: string }) {
  const [folder, setFolder] = useTabParam(DEAL_FOLDERS);
  const roleOf = (deal: Deal) => deal.role ?? dealRoleOf(deal, viewerId) ?? 'buyer';
  const sorted = sortDealsForParty(deals, roleOf);
  const inFolder = (f: (typeof DEAL_FOLDERS)[number]) => sorted.filter((d) => dealInFolder(d, roleOf(d), f));
  const shown = inFolder(folder);
  const counterpartyOf = (deal: Deal) => (roleOf(deal) === 'buyer' ? deal.seller.userId : deal.buyer.userId);
  // One request for the shown cards' counterparties (the server reads at most 100).
  const reputations = useReputations({ users: shown.slice(0, 100).map(counterpartyOf) });
  return (
    <div>
      <Tabs value={folder} onValueChange={setFolder}>
        <TabsList aria-label="Deal folders" className="flex h-auto w-full flex-wrap justify-start sm:w-auto">
          {DEAL_FOLDERS.map((f) => (
            <TabsTrigger key={f} value={f} className="px-2 sm:px-3">
              {DEAL_FOLDER_LABELS[f]}
              <span className="tabular ml-1.5 text-xs text-muted-foreground">{inFolder(f).length}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        {DEAL_FOLDERS.map((f) => (
          <TabsContent key={f} value={f} className="mt-4">
            {f !== folder ? null : shown.length === 0 ? (
              <EmptyState
                icon={Inbox}
                title={`${DEAL_FOLDER_LABELS[f]}: none`}
                description={FOLDER_EMPTY[f]}
              />
            ) : (
              <ul className="grid gap-4" aria-label="Deals">
                {shown.map((deal) => (
                  <li key={deal.id}>
                    <DealCard
                      deal={deal}
                      role={roleOf(deal)}
                      counterpartyReputation={
                        reputations.data ? (reputations.data.users[counterpartyOf(deal)] ?? null) : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
