import type { Listing } from '@app/shared/listings/listings.schemas';
import { gradeById, gradeLabel } from '@app/shared/market/grades';
import { INCOTERM_INFO, PACKING_LABELS, SUPPLY_FREQUENCY_LABELS } from '@app/shared/market/trade-terms';
import { listingMetaDescription } from '@app/shared/seo/pages';
import { ArrowLeft, Building2, CalendarDays, Eye, MapPin, PackageX, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { DetailLoadError } from '@/components/page/detail-load-error';
import { ReputationBadge } from '@/components/reputation/reputation-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListingTypeBadge } from '@/components/ui/listing-type-badge';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ListingDealButtons } from '@/features/deals/components/listing-deal-buttons';
import { useListing } from '@/features/listings/api/get-listing';
import { ListingActions } from '@/features/listings/components/listing-actions';
import {
  CategoryBadge,
  FeaturedBadge,
  GradeBadge,
  SoldBadge,
} from '@/features/listings/components/listing-badges';
import { ListingGallery } from '@/features/listings/components/listing-gallery';
import { AVAILABILITY_LABELS } from '@/features/listings/utils/listing-labels';
import { listingPriceToCompare, usePriceComparisons } from '@/features/market/prices/api/compare-prices';
import { IndexComparisonLine } from '@/features/market/prices/components/index-comparison-line';
import { LazyTraderSafetyMenu } from '@/features/trust/components/lazy-trader-safety-menu';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import {
  capitalize,
  formatAvailable,
  formatPricePerTonne,
  formatPricePerUnit,
  formatQuantity,
  formatRelativeAge,
  formatShortDate,
  formatUsd,
} from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Only the owner sees the listing's matches (and their offer and message actions): fetched for them alone. */
const ListingMatchesSection = lazy(() =>
  import('@/features/market/matching/components/listing-matches').then((m) => ({
    default: m.ListingMatchesSection,
  })),
);

/** /listings/:id: every image and field, the seller, and the trader actions. */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  const { user } = useAuth();
  useDocumentTitle(
    listing.data?.title ?? 'Listing',
    listing.data ? listingMetaDescription(listing.data) : undefined,
  );

  if (listing.isPending) return <DetailSkeleton />;
  if (listing.isError) {
    // A listing of a trader the viewer blocked: the server says so and where to undo it.
    const refusedByBlock = parseApiError(listing.error).code === 'FORBIDDEN';
    return (
      <DetailLoadError
        icon={PackageX}
        missing={listing.isError && isRuleRefusal(parseApiError(listing.error))}
        notFoundTitle={refusedByBlock ? 'You blocked this trader' : 'Listing not found'}
        notFoundDescription={
          refusedByBlock
            ? parseApiError(listing.error).message
            : 'This listing was removed or is no longer available.'
        }
        failedTitle="Failed to load listings. Please try again."
        back={{ to: paths.marketplace, label: 'Browse the Marketplace' }}
        onRetry={() => void listing.refetch()}
      />
    );
  }

  const l = listing.data;
  const isOwner = user?.id === l.userId;
  const grade = gradeById(l.grade);
  const facts: [string, string][] = [
    ['Price', formatPricePerUnit(l.priceCents, l.unit)],
    ...(l.pricePerTonneCents !== null && l.unit !== 'tonnes'
      ? ([['Price per tonne', formatPricePerTonne(l.pricePerTonneCents)]] as [string, string][])
      : []),
    ['Quantity', formatQuantity(l.quantity, l.unit)],
    ['Available', formatAvailable(l.remainingQuantity, l.quantity, l.unit)],
    ...(l.type === 'sell' && l.totalCents !== null
      ? ([['Total', formatUsd(l.totalCents, { alwaysCents: true })]] as [string, string][])
      : []),
    ['Category', capitalize(l.category)],
    ...(grade ? ([['Grade', `${gradeLabel(grade)}: ${grade.description}`]] as [string, string][]) : []),
    ...(l.incoterm
      ? ([['Incoterm', `${l.incoterm} ${l.incotermPlace ?? ''} (${INCOTERM_INFO[l.incoterm].name})`]] as [
          string,
          string,
        ][])
      : []),
    ...(l.packing ? ([['Packing', PACKING_LABELS[l.packing]]] as [string, string][]) : []),
    ['Supply', SUPPLY_FREQUENCY_LABELS[l.supplyFrequency]],
    ['Availability', AVAILABILITY_LABELS[l.availability]],
    ['Location', l.location],
  ];

  return (
    <div className="container-page py-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.marketplace}>
          <ArrowLeft aria-hidden />
          Back to Marketplace
        </Link>
      </Button>
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <ListingGallery images={l.images} title={l.title} />
        <div className="grid content-start gap-6">
          <div>
            <div className="flex flex-wrap gap-1.5">
              {l.isFeatured ? <FeaturedBadge /> : null}
              <ListingTypeBadge type={l.type} />
              {l.status === 'sold' ? <SoldBadge type={l.type} /> : null}
              <CategoryBadge category={l.category} />
              <GradeBadge grade={l.grade} />
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance md:text-3xl">{l.title}</h1>
            <p className="tabular mt-3 text-3xl font-bold text-primary">
              {formatPricePerUnit(l.priceCents, l.unit)}
            </p>
            <p className="tabular mt-1 text-sm font-medium">
              {formatAvailable(l.remainingQuantity, l.quantity, l.unit)}
            </p>
            <div className="mt-1">
              <ListingIndexComparison listing={l} />
            </div>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <li className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {l.location}
              </li>
              <li className="flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden />
                <span className="sr-only">Posted </span>
                {formatRelativeAge(l.createdAt)} · {formatShortDate(l.createdAt)}
              </li>
              <li className="flex items-center gap-1.5">
                <Eye className="size-4" aria-hidden />
                <span className="tabular">{l.views}</span> {l.views === 1 ? 'view' : 'views'}
              </li>
            </ul>
          </div>
          <ListingActions
            listing={l}
            dealButtons={<DealButtonsWithIndex listing={l} />}
            className="max-w-md"
          />
          {isOwner ? (
            <p className="text-sm text-muted-foreground">
              This is your listing. Edit or delete it from{' '}
              <Link
                to={paths.manageListings}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Manage Listings
              </Link>
              .
            </p>
          ) : null}
          {/* The seller, the description and the details are below the first screen on a phone. */}
          <Card id="seller" className="drawn-near-screen scroll-mt-24">
            <CardHeader>
              <CardTitle as="h2">Seller</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p className="flex items-center gap-2">
                <UserRound className="size-4 text-muted-foreground" aria-hidden />
                <span className="font-medium">{l.seller.fullName}</span>
              </p>
              <p className="flex items-center gap-2">
                <Building2 className="size-4 text-muted-foreground" aria-hidden />
                {l.seller.company ?? 'No company listed'}
              </p>
              <ReputationBadge reputation={l.seller.reputation ?? null} className="text-sm" />
              {!user ? <p className="text-muted-foreground">Sign in to contact the seller.</p> : null}
              <LazyTraderSafetyMenu
                userId={l.userId}
                name={l.seller.company ?? l.seller.fullName}
                report={{ targetType: 'listing', targetId: l.id, noun: 'listing' }}
                className="mt-2 justify-self-start"
              />
            </CardContent>
          </Card>
        </div>
      </div>
      <div className="drawn-near-screen mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="description-title">
          <h2 id="description-title" className="text-xl font-semibold">
            Description
          </h2>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{l.description}</p>
        </section>
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="text-xl font-semibold">
            Details
          </h2>
          <dl className="mt-3 divide-y rounded-card border bg-card text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="tabular text-right font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {isOwner ? (
        <Suspense fallback={<ListSkeleton label="Loading matches" rows={3} className="mt-10 grid gap-2" />}>
          <ListingMatchesSection listingId={l.id} className="mt-10" />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The listing's price against its material's index, asked for once the page has painted: when the
 * answer comes, only this line and the deal buttons (the offer dialog compares with the index) draw
 * again, not the page. Both read the same query.
 */
const useIndexComparison = (listing: Listing) =>
  usePriceComparisons([listingPriceToCompare(listing)])(listing.id);

function ListingIndexComparison({ listing }: { listing: Listing }) {
  return (
    <IndexComparisonLine
      comparison={useIndexComparison(listing)}
      emptyText={listing.unit === 'pieces' ? undefined : 'No index for this grade yet'}
    />
  );
}

function DealButtonsWithIndex({ listing }: { listing: Listing }) {
  const comparison = useIndexComparison(listing);
  return <ListingDealButtons listing={listing} indexCentsPerTonne={comparison?.indexCentsPerTonne} />;
}

function DetailSkeleton() {
  return (
    <div className="container-page py-8" aria-busy="true">
      <span className="sr-only">Loading the listing</span>
      <Skeleton className="h-8 w-44" />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="aspect-[4/3] w-full rounded-card" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-10 w-full max-w-md" />
          <Skeleton className="h-32 w-full rounded-card" />
        </div>
      </div>
    </div>
  );
}
