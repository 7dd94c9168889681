import type { DealStatus } from '@app/shared/deals/deals.schemas';
import { Badge } from '@/components/ui/badge';
import { DEAL_STATUS_BADGE } from '../utils/deal-labels';

/** The deal's status in its own colour. */
export function DealStatusBadge({ status }: { status: DealStatus }) {
  const { label, variant } = DEAL_STATUS_BADGE[status];
  return <Badge variant={variant}>{label}</Badge>;
}
