import type { Listing } from '@app/shared/listings/listings.schemas';
import { Badge } from '@/components/ui/badge';

/** One colour per listing type everywhere: BUY info-blue, SELL success-green, FEATURED amber. */
export function ListingTypeBadge({ type }: { type: Listing['type'] }) {
  return <Badge variant={type === 'sell' ? 'success' : 'info'}>{type.toUpperCase()}</Badge>;
}
