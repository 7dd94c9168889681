import type { Listing } from '@app/shared/listings/listings.schemas';
import { Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { capitalize } from '@/lib/format';

/** One colour per listing type everywhere: BUY info-blue, SELL success-green, FEATURED amber. */
export function ListingTypeBadge({ type }: { type: Listing['type'] }) {
  return <Badge variant={type === 'sell' ? 'success' : 'info'}>{type.toUpperCase()}</Badge>;
}

export function FeaturedBadge() {
  return (
    <Badge variant="warning">
      <Star aria-hidden />
      FEATURED
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: Listing['category'] }) {
  return <Badge variant="secondary">{capitalize(category)}</Badge>;
}
