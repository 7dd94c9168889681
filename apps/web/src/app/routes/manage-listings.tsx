import type { OwnListing } from '@app/shared/listings/listings.schemas';
import { AlertTriangle, Lock, PackageOpen, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMyListings } from '@/features/listings/api/get-my-listings';
import { DeleteListingDialog } from '@/features/listings/components/delete-listing-dialog';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '@/features/listings/components/listing-card';
import { ListingEditorDialog } from '@/features/listings/components/listing-editor';
import { OwnerListingActions } from '@/features/listings/components/owner-listing-actions';
import { ListingMatchesLink } from '@/features/market/matching/components/listing-matches';
import { MarketPriceWarning } from '@/features/market/prices/components/market-price-warning';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const CREATE_HREF = `${paths.dashboard}?create=true`;

/** /manage-listings: the signed-in user's listings, 12 per page, with Edit, Delete and Feature. */
export function ManageListingsPage() {
  useDocumentTitle('Manage Listings', 'Edit, feature and remove your listings.');
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const listings = useMyListings(page, Boolean(user));
  const [editing, setEditing] = useState<OwnListing | null>(null);
  const [deleting, setDeleting] = useState<OwnListing | null>(null);

  if (loading) return <ManageSkeleton />;
  if (!user) {
    return (
      <div className="container-page py-16">
        <EmptyState
          icon={Lock}
          headingLevel={1}
          title="Manage Listings"
          description="Please sign in to manage your listings"
          action={
            <Button asChild>
              <Link to={paths.dashboard}>Go to Dashboard</Link>
            </Button>
          }
        />
      </div>
    );
  }

  const total = listings.data?.total ?? 0;
  const pageCount = listings.data ? Math.max(1, Math.ceil(total / listings.data.pageSize)) : 1;

  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Manage Listings</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {listings.data ? (
              <span className="tabular">
                {total} {total === 1 ? 'listing' : 'listings'}
              </span>
            ) : (
              'Your buy and sell listings'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void listings.refetch()} disabled={listings.isFetching}>
            <RefreshCw aria-hidden className={listings.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
          <Button asChild>
            <Link to={CREATE_HREF}>
              <Plus aria-hidden />
              Create Listing
            </Link>
          </Button>
        </div>
      </div>

      <div className="mt-8">
        {listings.isPending ? (
          <ListingGridSkeleton label="Loading your listings" />
        ) : listings.isError ? (
          <Card className="border-red-200">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2 text-destructive">
                <AlertTriangle className="size-5" aria-hidden />
                Error loading listings
              </CardTitle>
              <CardDescription>Failed to load your listings</CardDescription>
            </CardHeader>
            <CardContent>
              <Button onClick={() => void listings.refetch()}>Try Again</Button>
            </CardContent>
          </Card>
        ) : listings.data.items.length === 0 ? (
          <EmptyState
            icon={PackageOpen}
            title="No listings yet"
            description="Post your first buy or sell listing so traders can find you."
            action={
              <Button asChild>
                <Link to={CREATE_HREF}>Create Your First Listing</Link>
              </Button>
            }
          />
        ) : (
          <>
            <ListingGrid>
              {listings.data.items.map((listing) => (
                <li key={listing.id}>
                  <ListingCard
                    listing={listing}
                    ownerView
                    headingLevel="h2"
                    actions={
                      <div className="grid gap-2">
                        <OwnerListingActions listing={listing} onEdit={setEditing} onDelete={setDeleting} />
                        <ListingMatchesLink listingId={listing.id} title={listing.title} />
                      </div>
                    }
                  />
                </li>
              ))}
            </ListingGrid>
            <Pagination
              className="mt-8"
              label="Your listings pages"
              page={page}
              pageCount={pageCount}
              maxNumbers={5}
              onPageChange={(next) => {
                setParams(next === 1 ? {} : { page: String(next) });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>

      <ListingEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        listing={editing ?? undefined}
        priceHint={(price) => <MarketPriceWarning {...price} />}
      />
      <DeleteListingDialog listing={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

function ManageSkeleton() {
  return (
    <div className="container-page py-10">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="mt-2 h-5 w-24" />
      <div className="mt-8">
        <ListingGridSkeleton label="Loading your listings" count={3} />
      </div>
    </div>
  );
}
