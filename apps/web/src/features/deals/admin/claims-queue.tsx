import { type AdminClaim, CLAIM_MESSAGES } from '@app/shared/deals/deal-claims.schemas';
import { Scale } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { type AdminClaimFilter, useAdminClaims } from '../api/get-admin-claims';
import { ClaimFacts, ClaimStatusBadge, Fact } from '../claims/claim-facts';
import { formatDeadline, money, settlementSentence } from '../claims/claim-labels';
import { ClaimTimeline } from '../claims/claim-timeline';
import { DecideClaimForm } from './decide-claim-form';

const FILTERS: { value: AdminClaimFilter; label: string }[] = [
  { value: 'waiting', label: 'Waiting for a decision' },
  { value: 'all', label: 'All claims' },
];

/**
 * /admin/claims: the claims an administrator decides (escalated by the buyer, or left unanswered by
 * the seller past the answer window), oldest first, each with its deal, parties, evidence and the
 * decision form; or every claim, newest first.
 */
export function ClaimsQueue() {
  const [filter, setFilter] = useState<AdminClaimFilter>('waiting');
  const [page, setPage] = useState(1);
  const claims = useAdminClaims(filter, page);
  const pageCount = claims.data ? Math.max(1, Math.ceil(claims.data.total / claims.data.pageSize)) : 1;
  // Deciding the last claim of the last page leaves that page empty: show the page before it.
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  let body: ReactNode;
  if (claims.isPending)
    body = (
      <ListSkeleton
        label="Loading claims"
        labelAsText
        rows={2}
        className="grid gap-4"
        itemClassName="h-72 w-full rounded-card"
      />
    );
  else if (claims.isError)
    body = (
      <EmptyState
        title="Claims could not be loaded"
        description={parseApiError(claims.error).message}
        action={<Button onClick={() => void claims.refetch()}>Try Again</Button>}
      />
    );
  else if (claims.data.total === 0)
    body = (
      <EmptyState
        icon={Scale}
        title={filter === 'waiting' ? 'No claims waiting' : 'No claims yet'}
        description="Claims a buyer escalates, and claims a seller leaves unanswered past the answer window, appear here for you to decide."
      />
    );
  else {
    const { claims: list, total } = claims.data;
    body = (
      <>
        <p className="tabular text-sm text-muted-foreground">
          {total} {total === 1 ? 'claim' : 'claims'}
          {filter === 'waiting' ? ' waiting for a decision' : ''}
        </p>
        <ul className="grid gap-4" aria-label="Claims">
          {list.map((claim) => (
            <li key={claim.id}>
              <AdminClaimCard claim={claim} />
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Claim pages" />
      </>
    );
  }

  return (
    <div className="grid gap-4">
      {/* A filter, not tabs: the same list below shows the claims chosen. */}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Which claims</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? 'default' : 'outline'}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      {body}
    </div>
  );
}

const partyName = (party: AdminClaim['buyer']) => party.companyName ?? party.name ?? 'Unknown trader';

function Party({ label, party }: { label: string; party: AdminClaim['buyer'] }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm">
        <span className="font-medium">{partyName(party)}</span>
        {party.companyName && party.name ? (
          <span className="text-muted-foreground"> · {party.name}</span>
        ) : null}
      </dd>
    </div>
  );
}

/** Why the claim waits: the buyer escalated it, or the seller's answer window closed unanswered. */
function waitingReason(claim: AdminClaim): string | null {
  if (claim.status === 'escalated' && claim.escalatedAt)
    return `Escalated on ${formatDeadline(claim.escalatedAt)}.`;
  if (claim.status === 'awaiting_seller' && new Date(claim.answerDueAt).getTime() <= Date.now())
    return `The seller did not answer by ${formatDeadline(claim.answerDueAt)}.`;
  if (claim.status === 'awaiting_seller')
    return `The seller can answer until ${formatDeadline(claim.answerDueAt)}.`;
  return null;
}

function AdminClaimCard({ claim }: { claim: AdminClaim }) {
  const titleId = `claim-${claim.id}-title`;
  const waiting = waitingReason(claim);
  const settled = settlementSentence(claim);
  return (
    <Card className="grid gap-4 p-4 md:p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base leading-snug font-semibold md:text-lg">
            <Link
              to={paths.listing(claim.listingId)}
              className="underline-offset-4 hover:text-primary hover:underline"
            >
              {claim.listingTitle}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-muted-foreground">
            <span className="font-mono">Deal {claim.dealId.slice(0, 8)}</span> · Claim opened{' '}
            {formatShortDate(claim.openedAt)}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Party label="Buyer" party={claim.buyer} />
        <Party label="Seller" party={claim.seller} />
      </dl>
      <ClaimFacts claim={claim} unit={claim.unit}>
        <Fact label="Deal value">
          <span className="tabular">{money(claim.dealValueCents)}</span>
        </Fact>
      </ClaimFacts>
      {waiting ? <p className="text-sm">{waiting}</p> : null}
      {settled ? (
        <p className="rounded-lg border border-green-200 bg-success-soft p-3 text-sm text-success-soft-foreground">
          <span className="font-semibold">{settled}</span>
        </p>
      ) : null}
      <section aria-label="Timeline" className="grid gap-2">
        <h3 className="text-sm font-semibold">Timeline</h3>
        <ClaimTimeline steps={claim.steps} viewer="admin" />
      </section>
      {claim.actions.includes('decide') ? (
        <DecideClaimForm claim={claim} />
      ) : claim.status === 'awaiting_seller' ? (
        <p className="text-sm text-muted-foreground">{CLAIM_MESSAGES.answerWindowOpen}</p>
      ) : null}
    </Card>
  );
}
