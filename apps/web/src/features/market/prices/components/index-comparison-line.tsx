import type { IndexComparison } from '@app/shared/market/price-index.schemas';
import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * "8% above the 30-day index", linking to /market; nothing when the material has no index yet (or
 * the price is per piece), or `emptyText` ("No index for this grade yet") once that is known.
 */
export function IndexComparisonLine({
  comparison,
  emptyText,
}: {
  comparison: IndexComparison | undefined;
  emptyText?: string;
}) {
  if (comparison && !comparison.label && emptyText)
    return <span className="text-[0.8125rem] text-muted-foreground">{emptyText}</span>;
  if (!comparison?.label) return null;
  return (
    <Link
      to={paths.market}
      className="inline-flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground underline-offset-4 hover:text-primary hover:underline"
    >
      <Activity className="size-3.5 shrink-0" aria-hidden />
      {comparison.label}
    </Link>
  );
}
