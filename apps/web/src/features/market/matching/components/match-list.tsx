import type { MatchList as MatchListData } from '@app/shared/market/matching.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { MatchRow } from './match-row';

export const NO_MATCHES_TEXT =
  'No matches yet — add grade, quantity and price to your listings to get matched';

type MatchListProps = {
  matches: UseQueryResult<MatchListData>;
  showForListing?: boolean;
  /** Rows shown before "Show all"; all of them when absent. */
  initialCount?: number;
  /** The empty state's next step (a link to the listings, on the dashboard). */
  emptyAction?: ReactNode;
};

/** Matches best first, with their skeleton, empty and "Try Again" states. */
export function MatchList({ matches, showForListing = false, initialCount, emptyAction }: MatchListProps) {
  const [expanded, setExpanded] = useState(false);

  if (matches.isPending) return <MatchListSkeleton />;
  if (matches.isError) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive" role="status">
          <AlertTitle>We couldn't load your matches</AlertTitle>
          <AlertDescription>{parseApiError(matches.error).message}</AlertDescription>
        </Alert>
        <div>
          <Button variant="outline" onClick={() => void matches.refetch()} disabled={matches.isFetching}>
            <RefreshCw aria-hidden />
            {matches.isFetching ? 'Trying again...' : 'Try Again'}
          </Button>
        </div>
      </div>
    );
  }

  const items = matches.data.items;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-surface px-6 py-8 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
          <SearchX className="size-5" aria-hidden />
        </span>
        <p className="max-w-md text-sm text-muted-foreground">{NO_MATCHES_TEXT}</p>
        {emptyAction}
      </div>
    );
  }

  const visible = initialCount && !expanded ? items.slice(0, initialCount) : items;
  return (
    <div>
      <ul className="divide-y">
        {visible.map((match) => (
          <li key={match.id}>
            <MatchRow match={match} showForListing={showForListing} />
          </li>
        ))}
      </ul>
      {visible.length < items.length ? (
        <Button variant="ghost" className="mt-2 w-full" onClick={() => setExpanded(true)}>
          Show all {items.length} matches
        </Button>
      ) : null}
    </div>
  );
}

function MatchListSkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading matches
      </p>
      <ul className="divide-y" aria-hidden>
        {[0, 1, 2].map((i) => (
          <li key={i} className="grid gap-2 py-4 md:grid-cols-[1fr_auto] md:gap-6">
            <div className="grid gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-full max-w-md" />
              <Skeleton className="h-4 w-2/3" />
            </div>
            <div className="flex gap-2 md:flex-col">
              <Skeleton className="h-9 w-28" />
              <Skeleton className="h-9 w-28" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
