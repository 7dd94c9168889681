import type { Listing } from '@app/shared/listings/listings.schemas';
import { ArrowRight, PackageOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useFeaturedListings } from '../api/get-featured-listings';
import { ListingActions } from './listing-actions';
import { ListingCard, ListingGrid, ListingGridSkeleton } from './listing-card';

/** The landing page's Featured Listings: 6 cards, featured first then newest; the page composes in the deal buttons. */
export function FeaturedListings({ dealButtons }: { dealButtons?: (listing: Listing) => ReactNode }) {
  const featured = useFeaturedListings();
  return (
    <section aria-labelledby="featured-title" className="border-b bg-surface py-16 md:py-20">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-3xl font-bold tracking-tight">
              Featured Listings
            </h2>
            <p className="mt-2 text-muted-foreground">Fresh lots from recyclers and buyers on Recytrade.</p>
          </div>
          <Button asChild variant="outline">
            <Link to={paths.marketplace}>
              View All Listings
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <div className="mt-8">
          {featured.isPending ? (
            <ListingGridSkeleton label="Loading featured listings" />
          ) : featured.isError ? (
            <EmptyState
              headingLevel={3}
              title="Failed to load listings. Please try again."
              action={<Button onClick={() => void featured.refetch()}>Try Again</Button>}
            />
          ) : featured.data.length === 0 ? (
            <EmptyState
              icon={PackageOpen}
              headingLevel={3}
              title="No listings yet"
              description="Be the first to post a lot on Recytrade."
              action={
                <Button asChild>
                  <Link to={paths.subscription}>Subscribe to Create Your First Listing</Link>
                </Button>
              }
            />
          ) : (
            <ListingGrid>
              {featured.data.map((listing) => (
                <li key={listing.id}>
                  <ListingCard
                    listing={listing}
                    actions={<ListingActions listing={listing} dealButtons={dealButtons?.(listing)} />}
                  />
                </li>
              ))}
            </ListingGrid>
          )}
        </div>
      </div>
    </section>
  );
}
