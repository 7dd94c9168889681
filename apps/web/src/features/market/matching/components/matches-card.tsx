import { LayoutList } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMyMatches } from '../api/get-my-matches';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { MATCHES_HASH } from './listing-matches';
import { MatchList } from './match-list';

/** The dashboard rows shown before "Show all". */
const DASHBOARD_ROWS = 3;

/** The dashboard's "Matches for you": the best matches across the user's listings, best first. */
export function MatchesCard({ className }: { className?: string }) {
  const titleId = useId();
  const matches = useMyMatches();
  const count = matches.data?.items.length;
  const ref = useRef<HTMLDivElement>(null);
  useScrollToHash(ref, MATCHES_HASH, !matches.isPending);
  return (
    <Card
      ref={ref}
      id={MATCHES_HASH}
      role="region"
      aria-labelledby={titleId}
      className={cn('scroll-mt-24', className)}
    >
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Matches for you
        </CardTitle>
        <CardDescription>
          Listings of other traders that fit yours on grade, quantity, price and distance, best first.
          {count ? <span className="sr-only"> {count} found.</span> : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="pb-4">
        <MatchList
          matches={matches}
          showForListing
          initialCount={DASHBOARD_ROWS}
          emptyAction={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.manageListings}>
                <LayoutList aria-hidden />
                Manage Listings
              </Link>
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
