import type { Listing, OwnListing } from '@app/shared/listings/listings.schemas';
import { gradeById, gradeLabel } from '@app/shared/market/grades';
import { CalendarDays, Clock, Eye, type LucideIcon, MapPin, MessageCircle, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListingTypeBadge } from '@/components/ui/listing-type-badge';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
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
import { CategoryBadge, FeaturedBadge, listingTerms, SoldBadge } from './listing-badges';
import { ListingThumbnail } from './listing-thumbnail';

const STATUS_LABELS: Record<Listing['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  sold: 'Sold',
};

/**
 * The seller's compact reputation (computed by the server, sent with the listing) as one line: stars
 * and count, completed deals, the level. Plain text rather than the shared badge (components/reputation):
 * the marketplace's first load is at its budget (scripts/bundle-budget).
 */
function sellerReputation(r: Listing['seller']['reputation']): string | null {
  if (!r) return r === null ? 'No completed deals yet' : null;
  const parts = r.completedDeals
    ? [
        r.averageRating === null ? 'No reviews yet' : `★ ${r.averageRating.toFixed(1)} (${r.reviewCount})`,
        `${r.completedDeals} completed deal${r.completedDeals === 1 ? '' : 's'}`,
      ]
    : ['No completed deals yet'];
  return [...parts, ['', 'Email confirmed', 'Verified company', 'Trusted trader'][r.level]]
    .filter(Boolean)
    .join(' · ');
}
/**
 * The same figures in a few characters, for the grid card's place-and-seller line: stars and count (or
 * the deals done), and "Trusted" for a trusted trader. A screen reader hears the full sentence.
 */
function compactReputation(r: Listing['seller']['reputation']): string | null {
  if (r === undefined) return null;
  if (!r?.completedDeals) return 'No deals yet';
  const figure =
    r.averageRating === null
      ? `${r.completedDeals} deal${r.completedDeals === 1 ? '' : 's'}`
      : `★ ${r.averageRating.toFixed(1)} (${r.reviewCount})`;
  return r.level === 3 ? `${figure} · Trusted` : figure;
}

/** What remains of the lot once deals hold part of it ("40 of 80 tons available"), else the quantity. */
function ListingQuantity({ listing }: { listing: Listing }) {
  return listing.remainingQuantity < listing.quantity
    ? formatAvailable(listing.remainingQuantity, listing.quantity, listing.unit)
    : formatQuantity(listing.quantity, listing.unit);
}

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

/**
 * The one listing card of the landing page, the marketplace and manage listings: a small photo (or
 * the category's tile) beside the title, then price, quantity, where and who, and the actions.
 */
export function ListingCard({
  listing,
  actions,
  ownerView = false,
  headingLevel = 'h3',
  priceComparison,
}: ListingCardProps) {
  const Heading = headingLevel;
  return (
    <Card className="flex h-full flex-col gap-2.5 p-4">
      <div className="flex gap-3">
        <ListingThumbnail listing={listing} className="size-20" caption />
        <div className="grid min-w-0 flex-1 content-start gap-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <ListingTypeBadge type={listing.type} />
            {listing.status === 'sold' ? <SoldBadge type={listing.type} /> : null}
            {listing.isFeatured ? <FeaturedBadge /> : null}
            <CategoryBadge category={listing.category} />
            {ownerView ? <OwnerStatus listing={listing} /> : null}
          </div>
          <Heading className="line-clamp-2 text-[0.9375rem] font-semibold leading-snug">
            <ListingTitleLink listing={listing} />
          </Heading>
          <GradeLine grade={listing.grade} />
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <div className="col-span-2 flex items-baseline justify-between gap-3">
          <Price listing={listing} className="text-lg" />
        </div>
        {priceComparison ? (
          <div className="col-span-2">
            <dt className="sr-only">Compared with the market</dt>
            <dd>{priceComparison}</dd>
          </div>
        ) : null}
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Quantity</dt>
          <dd className="tabular font-medium">
            <ListingQuantity listing={listing} />
          </dd>
        </div>
        {listing.type === 'sell' && listing.totalCents !== null ? (
          <div className="flex justify-end gap-1.5">
            <dt className="text-muted-foreground">Total</dt>
            <dd className="tabular font-medium">{formatUsd(listing.totalCents, { alwaysCents: true })}</dd>
          </div>
        ) : null}
      </dl>
      <ListingFacts listing={listing} ownerView={ownerView} />
      {ownerView && 'heldForReview' in listing && listing.heldForReview ? (
        <p className="rounded-md bg-warning-soft p-2 text-[0.8125rem] text-warning-soft-foreground">
          <span className="font-semibold">Held for review: </span>
          this price is far below the market index, so our team checks the listing before it goes public.
        </p>
      ) : null}
      {ownerView && 'adminNotes' in listing && listing.approvalStatus === 'rejected' ? (
        <p className="rounded-md bg-destructive-soft p-2 text-[0.8125rem] text-destructive-soft-foreground">
          <span className="font-semibold">Rejected: </span>
          {listing.adminNotes || 'No reason given.'}
        </p>
      ) : null}
      <div className="mt-auto pt-1">{actions}</div>
    </Card>
  );
}

type ListingRowProps = Omit<ListingCardProps, 'ownerView'>;

/**
 * The marketplace's list view: one compact row per listing (photo, title and badges, price, quantity,
 * the actions), for scanning many lots at once. On a phone the actions go below the row.
 */
export function ListingRow({ listing, actions, headingLevel = 'h3', priceComparison }: ListingRowProps) {
  const Heading = headingLevel;
  const material = `${capitalize(listing.category)}${gradeText(listing.grade, ' · ')}`;
  const where = [listing.location, listing.seller.company].filter(Boolean).join(' · ');
  return (
    <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
      <ListingThumbnail
        listing={listing}
        className="size-14 self-start md:size-12 md:self-center"
        caption={false}
      />
      {/*
        Wide screens: badges and title on one line, material, place and company on the next.
        A phone: the title first (two lines), then badges and material, then place and company.
      */}
      <div className="flex min-w-0 flex-1 basis-40 flex-wrap items-center gap-x-1.5 gap-y-1">
        <Heading className="line-clamp-2 w-full text-sm font-semibold leading-snug md:order-2 md:line-clamp-1 md:w-auto md:min-w-0 md:flex-1">
          <ListingTitleLink listing={listing} />
        </Heading>
        <span className="flex shrink-0 gap-1.5 md:order-1">
          <ListingTypeBadge type={listing.type} />
          {listing.status === 'sold' ? <SoldBadge type={listing.type} /> : null}
          {listing.isFeatured ? <FeaturedBadge /> : null}
        </span>
        <div className="flex min-w-0 flex-1 items-baseline gap-2 text-[0.8125rem] md:order-3 md:basis-full">
          <p className="min-w-0 flex-1 truncate text-slate-700">
            {material}
            <span className="hidden text-muted-foreground md:inline"> · {where}</span>
          </p>
          <span className="hidden md:inline">
            <SellerStanding reputation={listing.seller.reputation} />
          </span>
        </div>
        <p className="w-full truncate text-[0.8125rem] text-muted-foreground md:hidden">{where}</p>
        <p className="w-full text-xs text-muted-foreground md:hidden">
          {sellerReputation(listing.seller.reputation)}
        </p>
      </div>
      {/* Beside the title on wide screens; on a phone one line under it, after the photo's width. */}
      <dl className="flex w-full flex-wrap items-baseline gap-x-3 pl-[4.5rem] text-sm md:grid md:w-56 md:justify-items-end md:gap-0 md:pl-0">
        <Price listing={listing} />
        <dt className="sr-only">Quantity</dt>
        <dd className="tabular text-[0.8125rem] text-slate-700 md:whitespace-nowrap">
          <ListingQuantity listing={listing} />
        </dd>
      </dl>
      <div className="hidden w-52 shrink-0 lg:block">{priceComparison}</div>
      <div className="w-full md:w-[19rem] md:shrink-0">{actions}</div>
    </Card>
  );
}

function ListingTitleLink({ listing }: { listing: Pick<Listing, 'id' | 'title'> }) {
  return (
    <Link
      to={paths.listing(listing.id)}
      className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      title={listing.title}
    >
      {listing.title}
    </Link>
  );
}

/**
 * "$400.00 / ton", then "≈ $441/t": the trader's unit comes first; per tonne only to compare across
 * units. A <dt> and its <dd>s, for the card's or the row's list.
 */
function Price({
  listing,
  className,
}: {
  listing: Pick<Listing, 'priceCents' | 'pricePerTonneCents' | 'unit'>;
  className?: string;
}) {
  return (
    <>
      <dt className="sr-only">Price</dt>
      <dd className={cn('tabular font-bold text-foreground', className)}>
        {formatPricePerUnit(listing.priceCents, listing.unit)}
      </dd>
      {listing.pricePerTonneCents !== null && listing.unit !== 'tonnes' ? (
        <dd className="tabular text-[0.8125rem] text-muted-foreground">
          {formatPricePerTonne(listing.pricePerTonneCents)}
        </dd>
      ) : null}
    </>
  );
}

/** The grade as traders name it ("Barley (Bare bright copper wire)") after `prefix`; empty without one. */
function gradeText(grade: Listing['grade'], prefix = '') {
  const found = gradeById(grade);
  return found ? `${prefix}${gradeLabel(found)}` : '';
}

function GradeLine({ grade }: { grade: Listing['grade'] }) {
  const label = gradeText(grade);
  if (!label) return null;
  return (
    <p className="truncate text-[0.8125rem] text-slate-700" title={label}>
      <span className="sr-only">Grade: </span>
      {label}
    </p>
  );
}

/** One icon-led fact of a card, cut short with an ellipsis (the whole text in its tooltip). */
function Fact({ icon: Icon, label, text }: { icon: LucideIcon; label: string; text: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{label}: </span>
      <span className="truncate" title={text}>
        {text}
      </span>
    </span>
  );
}

/** The seller's standing at the end of the place-and-seller line (one line less on every card). */
function SellerStanding({ reputation }: { reputation: Listing['seller']['reputation'] }) {
  const compact = compactReputation(reputation);
  if (!compact) return null;
  const full = sellerReputation(reputation) ?? compact;
  return (
    <span className="shrink-0 whitespace-nowrap text-foreground">
      <span aria-hidden>{compact}</span>
      <span className="sr-only">Seller: {full}</span>
    </span>
  );
}

/**
 * Where and who on one line (with the seller's standing), when and on what terms on the next; the owner reads created, views and
 * inquiries instead of the company and age.
 */
function ListingFacts({ listing, ownerView }: { listing: Listing | OwnListing; ownerView: boolean }) {
  const terms = listingTerms(listing).join(' · ');
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const company = ownerView ? null : listing.seller.company;
  const where = company ? `${listing.location} · ${company}` : listing.location;
  return (
    <ul className="grid gap-1 text-[0.8125rem] text-muted-foreground">
      <li className="flex min-w-0 justify-between gap-2">
        <Fact icon={MapPin} label={company ? 'Location and company' : 'Location'} text={where} />
        {ownerView ? null : <SellerStanding reputation={listing.seller.reputation} />}
      </li>
      {ownerView ? (
        <li className="flex flex-wrap gap-x-3 gap-y-1">
          <Fact icon={CalendarDays} label="Created" text={`Created ${formatShortDate(listing.createdAt)}`} />
          <Fact icon={Eye} label="Views" text={count(listing.views, 'view', 'views')} />
          <Fact
            icon={MessageCircle}
            label="Inquiries"
            text={count(listing.inquiries, 'inquiry', 'inquiries')}
          />
        </li>
      ) : null}
      <li className="flex min-w-0 gap-3 empty:hidden">
        {ownerView ? null : (
          <span className="shrink-0">
            <Fact icon={Clock} label="Posted" text={formatRelativeAge(listing.createdAt)} />
          </span>
        )}
        {terms ? <Fact icon={Truck} label="Terms" text={terms} /> : null}
      </li>
    </ul>
  );
}

const APPROVAL = {
  pending: { label: 'Pending review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const;

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
    <Card className="grid gap-3 p-4" aria-hidden>
      <div className="flex gap-3">
        <Skeleton className="size-20 shrink-0" />
        <div className="grid flex-1 content-start gap-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="mt-1 h-10 w-full" />
    </Card>
  );
}

/** The 3-column (2 on tablets, 1 on phones) grid every listing list uses. */
const LISTING_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * Cards and rows out of sight are laid out and painted only as they come near the screen, with about
 * their height kept meanwhile (then the height they last had): on a phone, 18 of a page's 20 cards.
 */
const LAID_OUT_WHEN_NEAR = '*:[content-visibility:auto]';

export function ListingGrid({ children }: { children: ReactNode }) {
  return (
    <ul className={`${LISTING_GRID_CLASS} ${LAID_OUT_WHEN_NEAR} *:[contain-intrinsic-size:auto_19rem]`}>
      {children}
    </ul>
  );
}

/** The rows of the marketplace's list view. */
export function ListingList({ children }: { children: ReactNode }) {
  return (
    <ul
      className={`grid gap-2 ${LAID_OUT_WHEN_NEAR} *:[contain-intrinsic-size:auto_12rem] md:*:[contain-intrinsic-size:auto_5rem]`}
    >
      {children}
    </ul>
  );
}

/** Skeleton cards in the listing grid while a list loads, with a label for screen readers. */
export function ListingGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <ListSkeleton
      label={label}
      labelAsText
      as="ul"
      rows={count}
      className={LISTING_GRID_CLASS}
      renderItem={() => <ListingCardSkeleton />}
    />
  );
}
