import {
  NO_COMPLETED_DEALS,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  type ReputationFigures,
  responseTimeLabel,
  TRUSTED_TRADER_RULE,
} from '@app/shared/reviews/reputation';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatTonnes } from '@/lib/format';
import { LevelBadge, StarScore } from './reputation-badge';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular font-semibold">{children}</dd>
    </div>
  );
}

/** The company page's full reputation: every figure, computed by the server from the trading record. */
export function ReputationPanel({ reputation }: { reputation: ReputationFigures }) {
  const r = reputation;
  const share = r.claimLostShare === null ? '—' : `${Math.round(r.claimLostShare * 100)}%`;
  return (
    <Card role="region" aria-labelledby="reputation-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2" id="reputation-title">
          Reputation
        </CardTitle>
        <LevelBadge level={r.level} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {r.completedDeals === 0 ? <p className="text-sm font-medium">{NO_COMPLETED_DEALS}</p> : null}
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <Figure label="Rating">
            {r.averageRating === null ? (
              'No reviews yet'
            ) : (
              <StarScore rating={r.averageRating} count={r.reviewCount} />
            )}
          </Figure>
          <Figure label="Completed deals">{r.completedDeals}</Figure>
          <Figure label="Tonnes traded">{formatTonnes(r.tonnesTraded)}</Figure>
          <Figure label="Member since">{formatDate(r.memberSince)}</Figure>
          <Figure label="Replies to a first message">{responseTimeLabel(r.medianResponseSeconds)}</Figure>
          <Figure label="Deals ending in a claim lost">{share}</Figure>
        </dl>
        {r.averageRating !== null ? (
          <dl className="grid gap-1 border-t pt-3 text-sm">
            {REVIEW_CRITERIA.map((c) => (
              <div key={c} className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{REVIEW_CRITERION_LABELS[c]}</dt>
                <dd className="tabular font-medium">{r.criteria[c]?.toFixed(1) ?? '—'} / 5</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Computed from completed deals and published reviews. Trusted trader: a verified company, at least{' '}
          {TRUSTED_TRADER_RULE.minCompletedDeals} completed deals, an average of{' '}
          {TRUSTED_TRADER_RULE.minAverageRating}.0 or more and no claim lost in the last{' '}
          {TRUSTED_TRADER_RULE.claimFreeMonths} months.
        </p>
      </CardContent>
    </Card>
  );
}
