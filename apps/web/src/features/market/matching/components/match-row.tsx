import { gradeById, gradeLabel } from '@app/shared/market/grades';
import type { Match, MatchListing } from '@app/shared/market/matching.schemas';
import { fromTonnes } from '@app/shared/market/units';
import { multiplyCents, roundHalfUp } from '@app/shared/money/money';
import { Building2, HandCoins, Info, MapPin, MessageSquare, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListingTypeBadge } from '@/components/ui/listing-type-badge';
import { toast } from '@/components/ui/toast';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { type DealListingTarget, type DealValueSuggestion, useFeatureSlots } from '@/lib/feature-slots';
import { formatPricePerUnit, formatQuantity } from '@/lib/format';

/** Offers are made by the buyer on a sell listing (POST /api/deals), so a seller's match offers Message only. */
const SELLER_OFFER_NOTE = 'The buyer makes the offer on your sell listing. Message them to invite one.';

type MatchRowProps = {
  match: Match;
  /** The dashboard lists matches of all the user's listings, so it names the listing each is for. */
  showForListing?: boolean;
};

/**
 * One match: the other trader's listing (title, grade, quantity, price, location, company), why it
 * matches, and Message / Make Offer acting on it directly.
 */
export function MatchRow({ match, showForListing = false }: MatchRowProps) {
  const titleId = useId();
  const { listing } = match;
  const grade = gradeById(listing.grade);
  const company = listing.companyName ?? listing.ownerName;
  return (
    <article aria-labelledby={titleId} className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:gap-6">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <ListingTypeBadge type={listing.type} />
          {grade ? <Badge variant="outline">{gradeLabel(grade)}</Badge> : null}
          <Badge variant="secondary" className="tabular">
            {Math.round(match.score * 100)}% match
          </Badge>
        </div>
        <h3 id={titleId} className="text-base font-semibold leading-snug">
          <Link
            to={paths.listing(listing.id)}
            className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {listing.title}
          </Link>
        </h3>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="tabular font-semibold text-foreground">
            <span className="sr-only">Price: </span>
            {formatPricePerUnit(listing.priceCents, listing.unit)}
          </li>
          <li className="tabular">
            <span className="sr-only">Quantity: </span>
            {formatQuantity(listing.quantity, listing.unit)}
          </li>
          <li className="flex min-w-0 items-center gap-1">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Location: </span>
            <span className="truncate">{listing.location}</span>
          </li>
          <li className="flex min-w-0 items-center gap-1">
            <Building2 className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Company: </span>
            <span className="truncate">{company}</span>
          </li>
        </ul>
        <p className="flex items-start gap-1.5 text-sm font-medium text-primary-soft-foreground">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            <span className="sr-only">Why it matches: </span>
            {match.reasonText}
          </span>
        </p>
        {showForListing ? (
          <p className="truncate text-[0.8125rem] text-muted-foreground">
            For your listing{' '}
            <Link
              to={paths.listing(match.forListingId)}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              {match.forListingTitle}
            </Link>
          </p>
        ) : null}
      </div>
      <MatchActions match={match} />
    </article>
  );
}

function MatchActions({ match }: { match: Match }) {
  const { StartConversationDialog, ProposeDealDialog } = useFeatureSlots();
  const { listing } = match;
  const [messaging, setMessaging] = useState(false);
  const [offering, setOffering] = useState(false);
  const recipientName = listing.companyName ?? listing.ownerName;
  // The counterpart sells: the user is the buyer and makes the offer on that listing.
  const canOffer = listing.type === 'sell';
  return (
    <div className="flex items-center gap-2 md:w-36 md:flex-col md:items-stretch md:justify-center">
      <Button variant="outline" size="sm" className="flex-1 md:flex-none" onClick={() => setMessaging(true)}>
        <MessageSquare aria-hidden />
        Message
      </Button>
      {canOffer ? (
        <Button size="sm" className="flex-1 md:flex-none" onClick={() => setOffering(true)}>
          <HandCoins aria-hidden />
          Make Offer
        </Button>
      ) : (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              className="flex-1 text-muted-foreground md:flex-none"
              // Touch screens have no hover: a tap says it too.
              onClick={() => toast.info(SELLER_OFFER_NOTE, { id: 'match-seller-offer' })}
            >
              <Info aria-hidden />
              Why no offer?
            </Button>
          </TooltipTrigger>
          <TooltipContent>{SELLER_OFFER_NOTE}</TooltipContent>
        </Tooltip>
      )}
      <StartConversationDialog
        open={messaging}
        onOpenChange={setMessaging}
        target={{
          recipientId: listing.ownerId,
          recipientName,
          listingId: listing.id,
          context: listing.title,
        }}
      />
      {canOffer ? (
        <ProposeDealDialog
          listing={dealTarget(listing)}
          suggestion={suggestedOffer(match)}
          open={offering}
          onOpenChange={setOffering}
        />
      ) : null}
    </div>
  );
}

function dealTarget(listing: MatchListing): DealListingTarget {
  return {
    id: listing.id,
    userId: listing.ownerId,
    type: listing.type,
    title: listing.title,
    totalCents: multiplyCents(listing.priceCents, listing.quantity),
    quantity: listing.quantity,
    unit: listing.unit,
    priceCents: listing.priceCents,
    seller: { id: listing.ownerId, fullName: listing.ownerName, company: listing.companyName },
  };
}

/**
 * When the buyer wants less than the lot, the offer starts at the wanted quantity at the listed price
 * (the overlap, converted back to the seller's unit); otherwise at the listed total.
 */
function suggestedOffer(match: Match): DealValueSuggestion | undefined {
  const { listing, reasons } = match;
  const overlap =
    reasons.quantity.unit === 'pieces'
      ? reasons.quantity.overlap
      : fromTonnes(reasons.quantity.overlap, listing.unit);
  if (overlap === null || overlap >= listing.quantity * 0.999) return undefined;
  const valueCents = multiplyCents(listing.priceCents, overlap);
  if (valueCents < 1) return undefined;
  const quantity = formatQuantity(roundHalfUp(overlap * 100) / 100, listing.unit);
  return {
    valueCents,
    quantity: roundHalfUp(overlap * 10_000) / 10_000,
    note: `Prefilled for the ${quantity} you want at the listed price`,
  };
}
