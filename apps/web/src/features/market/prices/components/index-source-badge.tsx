import { INDEX_SOURCE_LABELS, type IndexPointSource } from '@app/shared/market/price-index';
import { Badge } from '@/components/ui/badge';

const VARIANT = {
  deals: 'success',
  'deals+listings': 'info',
  listings: 'secondary',
  'carried forward': 'warning',
} as const satisfies Record<IndexPointSource, string>;

/** Where a point comes from: deals outrank listings; a carried-forward value is marked as such. */
export function IndexSourceBadge({ source }: { source: IndexPointSource }) {
  return <Badge variant={VARIANT[source]}>{INDEX_SOURCE_LABELS[source]}</Badge>;
}
