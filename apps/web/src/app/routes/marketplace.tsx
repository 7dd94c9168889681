import type { Listing } from '@app/shared/listings/listings.schemas';
import type { IndexComparison } from '@app/shared/market/price-index.schemas';
import { SearchX } from 'lucide-react';
import { createContext, memo, useCallback, useContext, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AdSlot } from '@/features/ads/components/ad-slot';
import { ListingDealButtons } from '@/features/deals/components/listing-deal-buttons';
import { type ListingFilters, useListings } from '@/features/listings/api/get-listings';
import { ListingActions } from '@/features/listings/components/listing-actions';
import {
  ListingCard,
  ListingGrid,
  ListingGridSkeleton,
  ListingList,
  ListingRow,
} from '@/features/listings/components/listing-card';
import { ListingViewToggle } from '@/features/listings/components/listing-view-toggle';
import {
  filtersFromSearchParams,
  hasActiveFilters,
  MarketplaceFilters,
} from '@/features/listings/components/marketplace-filters';
import { useListingView } from '@/features/listings/hooks/use-listing-view';
import { listingPriceToCompare, usePriceComparisons } from '@/features/market/prices/api/compare-prices';
import { IndexComparisonLine } from '@/features/market/prices/components/index-comparison-line';
import { usePublicPageMeta } from '@/lib/use-document-title';

/**
 * /marketplace: search and filter active listings, 20 at a time, as cards or compact rows; the filters
 * live in the address bar, the view in this browser.
 */
export function MarketplacePage() {
  usePublicPageMeta('/marketplace');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const listings = useListings(filters);
  const filtered = hasActiveFilters(filters);
  const [view, setView] = useListingView();
  const [Listings, Item] = view === 'list' ? [ListingList, ListingRow] : [ListingGrid, ListingCard];

  const onChange = useCallback(
    (next: ListingFilters) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(next))
        if (value !== undefined && value !== '') query.set(key, String(value));
      setParams(query, { replace: true });
    },
    [setParams],
  );

  const items = listings.data?.pages.flatMap((p) => p.items) ?? [];
  const comparisonOf = usePriceComparisons(items.map(listingPriceToCompare));
  const firstPage = listings.data?.pages[0];
  const total = firstPage?.total ?? 0;
  // Above a thousand matches the server answers the planner's estimate: say so.
  const totalLabel =
    firstPage?.totalExact === false
      ? `about ${total.toLocaleString('en-US')}`
      : total.toLocaleString('en-US');

  return (
    <>
      <PageHeader
        size="compact"
        title="Marketplace"
        description={<p>Buy and sell recyclable commodities from verified recyclers and buyers.</p>}
      />
      <div className="container-page grid gap-4 py-5 md:py-6">
        <MarketplaceFilters filters={filters} onChange={onChange} />
        {listings.isPending ? (
          <ListingGridSkeleton label="Loading listings" />
        ) : listings.isError ? (
          <EmptyState
            icon={SearchX}
            title={
              filtered ? 'Search failed. Please try again.' : 'Failed to load listings. Please try again.'
            }
            action={<Button onClick={() => void listings.refetch()}>Try Again</Button>}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title="No listings found"
            description={
              filtered ? 'No listings match your search and filters.' : 'There are no active listings yet.'
            }
            action={filtered ? <Button onClick={() => onChange({})}>Clear Filters</Button> : undefined}
          />
        ) : (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="tabular text-sm text-muted-foreground" role="status">
                Showing {items.length} of {totalLabel} listings
              </p>
              <ListingViewToggle view={view} onChange={setView} />
            </div>
            <ComparisonsContext.Provider value={comparisonOf}>
              <Listings>
                {items.map((listing) => (
                  <MarketplaceItem key={listing.id} listing={listing} Item={Item} />
                ))}
              </Listings>
            </ComparisonsContext.Provider>
            {listings.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void listings.fetchNextPage()}
                  disabled={listings.isFetchingNextPage}
                >
                  {listings.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
        <AdSlot placement="marketplace" promotion="escrow" className="mt-4" />
      </div>
    </>
  );
}

/**
 * How each listing's price compares with the index: it arrives after the listings, so only the parts
 * that show it read it (below), and the cards are not drawn again.
 */
const ComparisonsContext = createContext<(listingId: string) => IndexComparison | undefined>(() => undefined);

/** One card (or row) of the results; drawn again only when its listing or the view changes. */
const MarketplaceItem = memo(function MarketplaceItem({
  listing,
  Item,
}: {
  listing: Listing;
  Item: typeof ListingCard | typeof ListingRow;
}) {
  return (
    <li>
      <Item
        listing={listing}
        headingLevel="h2"
        priceComparison={<ListingComparison listingId={listing.id} />}
        actions={
          <ListingActions listing={listing} dealButtons={<ListingDealButtonsWithIndex listing={listing} />} />
        }
      />
    </li>
  );
});

function ListingComparison({ listingId }: { listingId: string }) {
  return <IndexComparisonLine comparison={useContext(ComparisonsContext)(listingId)} />;
}

function ListingDealButtonsWithIndex({ listing }: { listing: Listing }) {
  const comparison = useContext(ComparisonsContext)(listing.id);
  return <ListingDealButtons listing={listing} indexCentsPerTonne={comparison?.indexCentsPerTonne} />;
}
