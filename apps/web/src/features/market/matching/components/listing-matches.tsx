import { Sparkles } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useListingMatches } from '../api/get-listing-matches';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { MatchList } from './match-list';

export const MATCHES_HASH = 'matches';

/** The owner's "Matches" section of a listing page, reached from manage listings by /listings/:id#matches. */
export function ListingMatchesSection({ listingId, className }: { listingId: string; className?: string }) {
  const titleId = useId();
  const matches = useListingMatches(listingId);
  const ref = useRef<HTMLElement>(null);
  useScrollToHash(ref, MATCHES_HASH, !matches.isPending);

  return (
    <section ref={ref} id={MATCHES_HASH} aria-labelledby={titleId} className={cn('scroll-mt-24', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-xl font-semibold">
          Matches
        </h2>
        {matches.data ? (
          <Badge variant={matches.data.items.length > 0 ? 'success' : 'secondary'} className="tabular">
            {matches.data.items.length}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Listings of other traders that fit this one on grade, quantity, price and distance, best first. Only
        you see them.
      </p>
      <div className="mt-2">
        <MatchList matches={matches} />
      </div>
    </section>
  );
}

/** The match count on one of the user's listing cards, linking to the listing's Matches section. */
export function ListingMatchesLink({ listingId, title }: { listingId: string; title: string }) {
  const matches = useListingMatches(listingId);
  const count = matches.data?.items.length;
  if (matches.isPending) return <Skeleton className="h-8 w-full" />;
  const label = matches.isError ? 'Matches' : count === 1 ? '1 match' : `${count} matches`;
  return (
    <Link
      to={`${paths.listing(listingId)}#${MATCHES_HASH}`}
      aria-label={`${label} for ${title}`}
      className={cn(
        'flex h-8 items-center justify-center gap-1.5 rounded-md border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        count
          ? 'border-primary/30 bg-primary-soft text-primary-soft-foreground hover:border-primary'
          : 'text-muted-foreground hover:bg-muted',
      )}
    >
      <Sparkles className="size-4" aria-hidden />
      <span className="tabular">{label}</span>
    </Link>
  );
}
