import {
  NO_COMPLETED_DEALS,
  type ReputationSummary,
  VERIFICATION_LEVEL_LABELS,
  type VerificationLevel,
} from '@app/shared/reviews/reputation';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/**
 * The verification level as a badge: Trusted trader, Verified company or Email confirmed. Text glyphs,
 * no icon components: listing cards carry it on the marketplace's first load (scripts/bundle-budget).
 */
export function LevelBadge({ level }: { level: VerificationLevel }) {
  if (level === 3)
    return (
      <Badge variant="success">
        <span aria-hidden>✓</span>
        {VERIFICATION_LEVEL_LABELS[3]}
      </Badge>
    );
  if (level === 2) return <Badge variant="info">{VERIFICATION_LEVEL_LABELS[2]}</Badge>;
  if (level === 1) return <Badge variant="secondary">{VERIFICATION_LEVEL_LABELS[1]}</Badge>;
  return null;
}

/** "4.3 (12)" with a star, and what it means for a screen reader; one review's score has no count. */
export function StarScore({ rating, count }: { rating: number; count?: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="text-amber-500" aria-hidden>
        ★
      </span>
      <span className="tabular font-semibold text-foreground" aria-hidden>
        {rating.toFixed(1)}
      </span>
      {count === undefined ? null : (
        <span className="tabular" aria-hidden>
          ({count})
        </span>
      )}
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5
        {count === undefined ? '' : ` from ${count} ${count === 1 ? 'review' : 'reviews'}`}
      </span>
    </span>
  );
}

/**
 * The compact reputation of cards (listings, directory, deals, conversations): stars with their count,
 * completed deals and the level badge; "No completed deals yet" plainly when there are none. Renders
 * nothing while the figures are unknown (`undefined`).
 */
export function ReputationBadge({
  reputation,
  className,
}: {
  reputation: ReputationSummary | null | undefined;
  className?: string;
}) {
  if (reputation === undefined) return null;
  const deals = reputation?.completedDeals ?? 0;
  return (
    <span
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground', className)}
    >
      {deals === 0 ? (
        <span>{NO_COMPLETED_DEALS}</span>
      ) : (
        <>
          {reputation && reputation.averageRating !== null ? (
            <StarScore rating={reputation.averageRating} count={reputation.reviewCount} />
          ) : (
            <span>No reviews yet</span>
          )}
          <span className="tabular">
            {deals} completed {deals === 1 ? 'deal' : 'deals'}
          </span>
        </>
      )}
      {reputation ? <LevelBadge level={reputation.level} /> : null}
    </span>
  );
}
