import { DEAL_MESSAGES, refundPayout, releasePayout } from '@app/shared/deals/deals.schemas';
import { ArrowRightLeft, Scale, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate, formatUsd } from '@/lib/format';
import { type Deal, useAdminDeals } from '../api/get-admin-deals';
import { type DisputeResolution, useResolveDispute } from '../api/resolve-dispute';

const money = (cents: number) => formatUsd(cents, { alwaysCents: true });

const RESOLUTION = {
  'release-escrow': {
    title: 'Release escrow to the seller?',
    confirm: 'Release to Seller',
    busy: 'Releasing...',
    success: DEAL_MESSAGES.released,
    failure: DEAL_MESSAGES.releaseEscrowFailed,
  },
  'refund-escrow': {
    title: 'Refund the buyer?',
    confirm: 'Refund Buyer',
    busy: 'Refunding...',
    success: DEAL_MESSAGES.refunded,
    failure: DEAL_MESSAGES.refundEscrowFailed,
  },
} as const satisfies Record<DisputeResolution, object>;

/** Disputed deals, resolved by releasing the escrow to the seller or refunding the buyer. */
export function DisputesPanel() {
  const disputes = useAdminDeals('disputed');
  const resolve = useResolveDispute();
  const [pending, setPending] = useState<{ deal: Deal; action: DisputeResolution } | null>(null);

  const confirm = async () => {
    if (!pending || resolve.isPending) return;
    const copy = RESOLUTION[pending.action];
    try {
      await resolve.mutateAsync({ id: pending.deal.id, action: pending.action });
      toast.success(copy.success, { description: pending.deal.listingTitle });
      setPending(null);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(
        apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? copy.failure : apiError.message,
      );
    }
  };

  if (disputes.isPending) {
    return (
      <ListSkeleton
        label="Loading disputes"
        labelAsText
        rows={2}
        className="grid gap-4"
        itemClassName="h-52 w-full rounded-card"
      />
    );
  }
  if (disputes.isError) {
    const apiError = parseApiError(disputes.error);
    return (
      <EmptyState
        title={DEAL_MESSAGES.loadFailed}
        description={
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message
        }
        action={<Button onClick={() => void disputes.refetch()}>Try Again</Button>}
      />
    );
  }
  if (disputes.data.length === 0) {
    return (
      <EmptyState
        icon={Scale}
        title="No open disputes"
        description="When a buyer or seller opens a dispute on a funded deal, it appears here for you to resolve."
      />
    );
  }
  const copy = pending ? RESOLUTION[pending.action] : null;
  return (
    <>
      <p className="tabular mb-4 text-sm text-muted-foreground">
        {disputes.data.length} open {disputes.data.length === 1 ? 'dispute' : 'disputes'}
      </p>
      <ul className="grid gap-4" aria-label="Disputed deals">
        {disputes.data.map((deal) => (
          <li key={deal.id}>
            <DisputeCard
              deal={deal}
              onResolve={(action) => setPending({ deal, action })}
              disabled={resolve.isPending}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={copy?.title ?? ''}
        description={pending ? <ResolutionSummary deal={pending.deal} action={pending.action} /> : null}
        confirmLabel={copy?.confirm ?? ''}
        busyLabel={copy?.busy ?? ''}
        isBusy={resolve.isPending}
        destructive={pending?.action === 'refund-escrow'}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

function ResolutionSummary({ deal, action }: { deal: Deal; action: DisputeResolution }) {
  const release = releasePayout(deal);
  return action === 'release-escrow' ? (
    <>
      {money(release.sellerReceivesCents)} goes to the seller, {partyName(deal.seller)}
      {release.deductedCents > 0
        ? ` (the ${money(release.deductedCents)} platform commission is deducted)`
        : ''}
      . The dispute is closed. This cannot be undone.
    </>
  ) : (
    <>
      The buyer, {partyName(deal.buyer)}, gets {money(refundPayout(deal).buyerReceivesCents)} back for "
      {deal.listingTitle}" and the deal is closed. This cannot be undone.
    </>
  );
}

const partyName = (party: Deal['buyer']) =>
  party.companyName ?? party.name ?? party.email ?? 'Unknown trader';

function Party({ label, party }: { label: string; party: Deal['buyer'] }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm">
        <span className="font-medium">{party.companyName ?? party.name ?? 'Unknown trader'}</span>
        {party.companyName && party.name ? (
          <span className="text-muted-foreground"> · {party.name}</span>
        ) : null}
        {party.email ? <span className="block break-all text-muted-foreground">{party.email}</span> : null}
      </dd>
    </div>
  );
}

function DisputeCard({
  deal,
  onResolve,
  disabled,
}: {
  deal: Deal;
  onResolve: (action: DisputeResolution) => void;
  disabled: boolean;
}) {
  const held = deal.escrowStatus === 'held';
  return (
    <Card className="grid gap-4 p-4 md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold leading-snug md:text-lg">
            <Link
              to={paths.listing(deal.listingId)}
              className="underline-offset-4 hover:text-primary hover:underline"
            >
              {deal.listingTitle}
            </Link>
          </h2>
          <p className="mt-0.5 font-mono text-xs text-muted-foreground">Deal {deal.id.slice(0, 8)}</p>
        </div>
        <Badge variant="destructive">Disputed</Badge>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Party label="Buyer" party={deal.buyer} />
        <Party label="Seller" party={deal.seller} />
      </dl>
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface p-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Deal value</dt>
          <dd className="tabular font-semibold">{money(deal.dealValueCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Escrow held</dt>
          <dd className="tabular font-semibold">{held ? money(deal.escrowHeldCents) : 'Nothing held'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Opened</dt>
          <dd>{deal.disputeOpenedAt ? formatShortDate(deal.disputeOpenedAt) : 'Unknown'}</dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold">Dispute reason</h3>
        <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-line text-slate-700">
          {deal.disputeReason ?? 'No reason given.'}
        </blockquote>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => onResolve('release-escrow')}
          disabled={disabled || !held}
          aria-label={`Release to Seller: ${deal.listingTitle}`}
        >
          <ArrowRightLeft aria-hidden />
          Release to Seller
        </Button>
        <Button
          variant="outline"
          className="text-destructive hover:bg-destructive-soft"
          onClick={() => onResolve('refund-escrow')}
          disabled={disabled || !held}
          aria-label={`Refund Buyer: ${deal.listingTitle}`}
        >
          <Undo2 aria-hidden />
          Refund Buyer
        </Button>
        {held ? null : (
          <p className="self-center text-sm text-muted-foreground">
            No escrow is held for this deal, so there is nothing to release or refund.
          </p>
        )}
      </div>
    </Card>
  );
}
