import { soldLabel } from '@app/shared/listings/listing-rules';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { gradeById, gradeLabel } from '@app/shared/market/grades';
import { PACKING_LABELS, SUPPLY_FREQUENCY_LABELS } from '@app/shared/market/trade-terms';
import { Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { capitalize } from '@/lib/format';

export function FeaturedBadge() {
  return (
    <Badge variant="warning">
      <Star aria-hidden />
      FEATURED
    </Badge>
  );
}

/** Deals hold the whole quantity: "Sold" (a buy listing's demand: "Filled"). */
export function SoldBadge({ type }: { type: Listing['type'] }) {
  return <Badge variant="destructive">{soldLabel(type).toUpperCase()}</Badge>;
}

export function CategoryBadge({ category }: { category: Listing['category'] }) {
  return <Badge variant="secondary">{capitalize(category)}</Badge>;
}

/** The grade as traders name it ("Barley (Bare bright copper wire)"); nothing for a listing without one. */
export function GradeBadge({ grade, className }: { grade: Listing['grade']; className?: string }) {
  const found = gradeById(grade);
  if (!found) return null;
  const label = gradeLabel(found);
  return (
    <Badge variant="outline" className={cn('max-w-full', className)} title={label}>
      <span className="truncate">{label}</span>
    </Badge>
  );
}

/** "FOB Rotterdam", "Baled", "Recurring monthly": the trade terms a listing gives, in reading order. */
export function listingTerms(
  listing: Pick<Listing, 'incoterm' | 'incotermPlace' | 'packing' | 'supplyFrequency'>,
) {
  const terms: string[] = [];
  if (listing.incoterm) terms.push(`${listing.incoterm} ${listing.incotermPlace ?? ''}`.trim());
  if (listing.packing) terms.push(PACKING_LABELS[listing.packing]);
  if (listing.supplyFrequency !== 'one_off') terms.push(SUPPLY_FREQUENCY_LABELS[listing.supplyFrequency]);
  return terms;
}
