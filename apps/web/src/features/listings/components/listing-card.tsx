import type { Listing, OwnListing } from '@app/shared/listings/listings.schemas';
import { CalendarDays, Clock, Eye, ImageOff, MapPin, MessageCircle, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import {
  formatAvailable,
  formatPricePerTonne,
  formatPricePerUnit,
  formatQuantity,
  formatRelativeAge,
  formatShortDate,
  formatUsd,
} from '@/lib/format';
import {
  CategoryBadge,
  FeaturedBadge,
  GradeBadge,
  ListingTypeBadge,
  listingTerms,
  SoldBadge,
} from './listing-badges';

type ListingCardProps = {
  listing: Listing | OwnListing;
  /** The buttons at the bottom: <ListingActions> for traders, the owner's Edit/Delete/Feature on manage listings. */
  actions: ReactNode;
  /** The owner's view adds status, approval, created date, views and inquiries. */
  ownerView?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** How the price compares with the market index ("8% above the 30-day index"), composed by the page. */
  priceComparison?: ReactNode;
};

/** The one listing card of the landing page, the marketplace and manage listings. */
export function ListingCard({
  listing,
  actions,
  ownerView = false,
  headingLevel = 'h3',
  priceComparison,
}: ListingCardProps) {
  const Heading = headingLevel;
  const image = listing.images[0];
  const terms = listingTerms(listing);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/10] bg-muted">
        {image ? (
          <img
            src={image.thumbnailUrl || image.url}
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
            <ImageOff className="size-6" aria-hidden />
            <span className="text-sm">No image</span>
          </div>
        )}
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          {listing.isFeatured ? <FeaturedBadge /> : null}
          <ListingTypeBadge type={listing.type} />
          {listing.status === 'sold' ? <SoldBadge type={listing.type} /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-1.5">
          <CategoryBadge category={listing.category} />
          <GradeBadge grade={listing.grade} />
          {ownerView ? <OwnerStatus listing={listing} /> : null}
        </div>
        <Heading className="line-clamp-2 text-base font-semibold leading-snug">
          <Link
            to={paths.listing(listing.id)}
            className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {listing.title}
          </Link>
        </Heading>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="sr-only">Price</dt>
            <dd className="tabular text-lg font-bold text-foreground">
              {formatPricePerUnit(listing.priceCents, listing.unit)}
            </dd>
            {/* The trader's unit first; per tonne only to compare across units. */}
            {listing.pricePerTonneCents !== null && listing.unit !== 'tonnes' ? (
              <dd className="tabular text-[0.8125rem] text-muted-foreground">
                {formatPricePerTonne(listing.pricePerTonneCents)}
              </dd>
            ) : null}
          </div>
          {priceComparison ? (
            <div>
              <dt className="sr-only">Compared with the market</dt>
              <dd>{priceComparison}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="tabular font-medium">
              {listing.remainingQuantity < listing.quantity
                ? formatAvailable(listing.remainingQuantity, listing.quantity, listing.unit)
                : formatQuantity(listing.quantity, listing.unit)}
            </dd>
          </div>
          {listing.type === 'sell' && listing.totalCents !== null ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Total</dt>
              <dd className="tabular font-medium">{formatUsd(listing.totalCents, { alwaysCents: true })}</dd>
            </div>
          ) : null}
        </dl>
        <ul className="grid gap-1 text-[0.8125rem] text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Location: </span>
            <span className="truncate">{listing.location}</span>
          </li>
          {terms.length ? (
            <li className="flex items-center gap-1.5">
              <Truck className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">Terms: </span>
              <span className="truncate">{terms.join(' · ')}</span>
            </li>
          ) : null}
          {ownerView ? (
            <>
              <li className="flex items-center gap-1.5">
                <CalendarDays className="size-3.5 shrink-0" aria-hidden />
                Created {formatShortDate(listing.createdAt)}
              </li>
              <li className="flex items-center gap-4">
                <span className="flex items-center gap-1.5">
                  <Eye className="size-3.5" aria-hidden />
                  <span className="tabular">{listing.views}</span> {listing.views === 1 ? 'view' : 'views'}
                </span>
                <span className="flex items-center gap-1.5">
                  <MessageCircle className="size-3.5" aria-hidden />
                  <span className="tabular">{listing.inquiries}</span>{' '}
                  {listing.inquiries === 1 ? 'inquiry' : 'inquiries'}
                </span>
              </li>
            </>
          ) : (
            <li className="flex items-center gap-1.5">
              <Clock className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">Posted </span>
              {formatRelativeAge(listing.createdAt)}
            </li>
          )}
        </ul>
        {ownerView && 'adminNotes' in listing && listing.approvalStatus === 'rejected' ? (
          <p className="rounded-md bg-destructive-soft p-2 text-[0.8125rem] text-destructive-soft-foreground">
            <span className="font-semibold">Rejected: </span>
            {listing.adminNotes || 'No reason given.'}
          </p>
        ) : null}
        <div className="mt-auto pt-2">{actions}</div>
      </div>
    </Card>
  );
}

const APPROVAL = {
  pending: { label: 'Pending review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const;

const STATUS_LABELS: Record<Listing['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  sold: 'Sold',
};

function OwnerStatus({ listing }: { listing: Listing }) {
  const approval = APPROVAL[listing.approvalStatus];
  return (
    <>
      <Badge variant={listing.status === 'active' ? 'outline' : 'secondary'}>
        {STATUS_LABELS[listing.status]}
      </Badge>
      <Badge variant={approval.variant}>{approval.label}</Badge>
    </>
  );
}

/** A card-shaped placeholder while listings load. */
export function ListingCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden>
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-10 w-full" />
      </div>
    </Card>
  );
}

/** The 3-column (1 on phones) grid every listing list uses. */
export function ListingGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

/** Skeleton cards in the listing grid while a list loads, with a label for screen readers. */
export function ListingGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <ListingGrid>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i}>
            <ListingCardSkeleton />
          </li>
        ))}
      </ListingGrid>
    </div>
  );
}
