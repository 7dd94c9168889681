import { commissionCollectable, type DealParty } from '@app/shared/deals/deal-machine';
import {
  COMMISSION_PAYER_LABELS,
  commissionOutstandingFor,
  DEAL_MESSAGES,
  type Deal,
  machineStateOf,
} from '@app/shared/deals/deals.schemas';
import { IMPACT_LABEL } from '@app/shared/market/impact.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import type { ReputationSummary } from '@app/shared/reviews/reputation';
import {
  AlertTriangle,
  CalendarClock,
  CheckCircle2,
  Clock,
  HandCoins,
  Landmark,
  Leaf,
  PackageCheck,
  ShoppingCart,
  Store,
  Zap,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ReputationBadge } from '@/components/reputation/reputation-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useFeatureSlots } from '@/lib/feature-slots';
import {
  formatCo2e,
  formatDate,
  formatQuantity,
  formatShortDate,
  formatTonnes,
  formatUsd,
} from '@/lib/format';
import { ClaimPanelSkeleton } from '../claims/claim-panel-skeleton';
import { DEAL_TYPE_LABEL, escrowLabelOf, ROLE_LABEL } from '../utils/deal-labels';
import { DealActions } from './deal-actions';
import { DealProgress } from './deal-progress';
import { DealStatusBadge } from './deal-status-badge';

const METHOD_LABEL: Record<string, string> = {
  card: 'Card',
  klarna: 'Klarna Net 30',
  escrow_wire: 'Escrow wire transfer',
  wire: 'Wire transfer',
};

const money = (cents: number) => formatUsd(cents, { alwaysCents: true });

// Claims concern shipped deals only: their panel's code is fetched with the first such card.
const ClaimPanel = lazy(() => import('../claims/claim-panel').then((m) => ({ default: m.ClaimPanel })));

/** One deal: who, what, how much, where it stands, and what the viewer can do next. */
export function DealCard({
  deal,
  role,
  counterpartyReputation,
}: {
  deal: Deal;
  role: DealParty | null;
  /** The other party's compact reputation (undefined while it loads). */
  counterpartyReputation?: ReputationSummary | null;
}) {
  const { DealReviewPanel } = useFeatureSlots();
  if (!role) {
    return (
      <Card className="p-6 text-sm text-destructive" role="alert">
        {DEAL_MESSAGES.dealNotFound}
      </Card>
    );
  }
  const counterparty = role === 'buyer' ? deal.seller : deal.buyer;
  const counterpartyRole = role === 'buyer' ? 'Seller' : 'Buyer';
  const titleId = `deal-${deal.id}-title`;
  const outstanding = commissionOutstandingFor(deal, role);
  const payment = deal.escrowPayment;

  return (
    <Card className="grid gap-5 p-5 sm:p-6" aria-labelledby={titleId} role="article">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <DealStatusBadge status={deal.status} />
          <Badge variant="outline">
            {role === 'buyer' ? <ShoppingCart aria-hidden /> : <Store aria-hidden />}
            {ROLE_LABEL[role]}
          </Badge>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            {deal.dealType === 'buy_now' ? (
              <Zap className="size-3.5" aria-hidden />
            ) : (
              <HandCoins className="size-3.5" aria-hidden />
            )}
            {DEAL_TYPE_LABEL[deal.dealType]}
          </span>
          <span className="text-xs text-muted-foreground sm:ml-auto">
            <span className="sr-only">Created </span>
            {formatShortDate(deal.createdAt)}
          </span>
        </div>
        <h2 id={titleId} className="text-lg leading-snug font-semibold">
          <Link
            to={paths.listing(deal.listingId)}
            className="underline-offset-4 hover:text-primary hover:underline"
          >
            {deal.listingTitle}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          {counterpartyRole}:{' '}
          <span className="font-medium text-foreground">{counterparty.name ?? 'Unknown trader'}</span>
          {counterparty.companyName ? ` · ${counterparty.companyName}` : null}
          {deal.quantity !== null && deal.unit ? (
            <>
              {' · '}
              <span className="sr-only">Quantity: </span>
              <span className="tabular">{formatQuantity(deal.quantity, deal.unit)}</span>
            </>
          ) : null}
        </p>
        <ReputationBadge reputation={counterpartyReputation} />
      </header>

      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,15rem)]">
        <div className="grid content-start gap-4">
          <dl className="grid grid-cols-3 gap-3 rounded-lg border bg-surface p-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Deal value</dt>
              <dd className="tabular font-semibold">{money(deal.dealValueCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">
                Commission ({bpsToPercent(deal.commissionRateBps)}%)
              </dt>
              <dd className="tabular font-semibold">{money(deal.commissionCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Total</dt>
              <dd className="tabular font-semibold">{money(deal.dealValueCents + deal.commissionCents)}</dd>
            </div>
          </dl>

          <ul className="grid gap-1.5 text-sm">
            <Confirmation label="Buyer" done={deal.buyerConfirmed} />
            <Confirmation label="Seller" done={deal.sellerConfirmed} />
            <li className="flex items-center gap-2">
              <Landmark className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span>
                Escrow: <span className="font-medium">{escrowLabelOf(deal)}</span>
                {deal.openClaimId ? (
                  <span className="text-muted-foreground"> · frozen while the claim is open</span>
                ) : null}
                {payment ? (
                  <span className="text-muted-foreground">
                    {' '}
                    · {METHOD_LABEL[payment.method] ?? payment.method}
                    {/* The reference a person quotes (a wire's, the escrow service's); never an internal payment id. */}
                    {payment.reference && (payment.method === 'wire' || payment.method === 'escrow_wire') ? (
                      <>
                        {' '}
                        · Reference <span className="font-mono text-foreground">{payment.reference}</span>
                      </>
                    ) : null}
                    {role === 'buyer' && deal.escrowStatus === 'pending' && payment.escrowUrl ? (
                      <>
                        {' '}
                        ·{' '}
                        <a
                          href={payment.escrowUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-medium text-primary underline-offset-4 hover:underline"
                        >
                          Open payment page
                        </a>
                      </>
                    ) : null}
                  </span>
                ) : null}
              </span>
            </li>
            {deal.impact?.deliveredTonnes ? (
              <li className="flex items-start gap-2">
                <Leaf className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  Delivered{' '}
                  <span className="tabular font-medium">{formatTonnes(deal.impact.deliveredTonnes)}</span>
                  {deal.impact.co2eAvoidedKg !== null ? (
                    <>
                      {' · '}
                      <span className="tabular font-medium">{formatCo2e(deal.impact.co2eAvoidedKg)}</span>{' '}
                      avoided
                    </>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    {deal.impact.co2eAvoidedKg !== null
                      ? IMPACT_LABEL
                      : 'No CO2e estimate for this material yet: tonnage only'}
                  </span>
                </span>
              </li>
            ) : null}
            {deal.deliveredAt ? (
              <li className="flex items-center gap-2">
                <PackageCheck className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>Delivery recorded on {formatDate(deal.deliveredAt)}</span>
              </li>
            ) : null}
            {deal.autoReleaseAt && deal.escrowStatus === 'held' && deal.status !== 'disputed' ? (
              <li className="flex items-center gap-2">
                <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>Escrow releases automatically on {formatDate(deal.autoReleaseAt)}</span>
              </li>
            ) : null}
            {deal.earlyReleaseRequestedBy ? (
              <li className="flex items-center gap-2">
                <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  Early release requested by{' '}
                  {deal.earlyReleaseRequestedBy === role ? 'you' : `the ${deal.earlyReleaseRequestedBy}`}
                </span>
              </li>
            ) : null}
            <CommissionNote deal={deal} outstandingCents={outstanding} />
          </ul>

          {deal.disputeReason ? (
            <div className="flex gap-2 rounded-lg border border-red-200 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                <span className="font-semibold">Dispute reason: </span>
                {deal.disputeReason}
              </p>
            </div>
          ) : null}
          {deal.notes ? (
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">Notes: </span>
              {deal.notes}
            </p>
          ) : null}
        </div>

        <section aria-label="Deal progress" className="rounded-lg border p-4 md:self-start">
          <h3 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Progress
          </h3>
          <DealProgress deal={deal} />
        </section>
      </div>

      {mayHaveClaims(deal) ? (
        <Suspense fallback={deal.openClaimId ? <ClaimPanelSkeleton /> : null}>
          <ClaimPanel deal={deal} role={role} />
        </Suspense>
      ) : null}
      <DealActions deal={deal} role={role} />
      {mayHaveReviews(deal) ? (
        <Suspense fallback={null}>
          <DealReviewPanel dealId={deal.id} counterpartyName={counterparty.name ?? 'The other party'} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** A claim is opened after shipping: only then can a deal have one (the panel asks the server which). */
const mayHaveClaims = (deal: Deal) => deal.openClaimId !== null || deal.shippedAt !== null;

/** Concluded (released, or ended by a claim's refund): the reviews panel asks the server the rest. */
const mayHaveReviews = (deal: Deal) =>
  (deal.status === 'completed' && deal.escrowStatus !== 'held') ||
  (deal.status === 'cancelled' && deal.escrowStatus === 'refunded');

function Confirmation({ label, done }: { label: string; done: boolean }) {
  return (
    <li className={cn('flex items-center gap-2', !done && 'text-muted-foreground')}>
      {done ? (
        <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
      ) : (
        <Clock className="size-4 shrink-0" aria-hidden />
      )}
      <span>
        {label} {done ? 'confirmed' : 'pending'}
      </span>
    </li>
  );
}

function CommissionNote({ deal, outstandingCents }: { deal: Deal; outstandingCents: number }) {
  if (deal.commissionCents === 0) return null;
  if (deal.commission.settled) {
    return (
      <li className="flex items-center gap-2">
        <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
        <span>
          Commission settled
          {deal.commission.includedInFunding ? (
            <span className="text-muted-foreground"> · paid with the escrow funding</span>
          ) : deal.commission.deductedCents > 0 ? (
            <span className="text-muted-foreground"> · deducted from the seller's payout</span>
          ) : null}
        </span>
      </li>
    );
  }
  if (deal.escrowStatus === 'held')
    return (
      <li className="flex items-center gap-2">
        <HandCoins className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          Commission {money(deal.commissionCents)}
          <span className="text-muted-foreground"> · deducted from the seller's payout at release</span>
        </span>
      </li>
    );
  if (!commissionCollectable(machineStateOf(deal))) return null;
  const proposal = deal.commission.proposal;
  return (
    <li className="flex items-start gap-2 text-warning-soft-foreground">
      <HandCoins className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {deal.commission.payer === null
          ? `Commission of ${money(deal.commissionCents)} to be agreed: the buyer pays it unless you both choose another split`
          : outstandingCents > 0
            ? `Commission outstanding: ${money(outstandingCents)} from you`
            : 'Commission outstanding from the other party'}
        {proposal ? (
          <span className="block text-muted-foreground">
            {proposal.by === deal.role
              ? `You proposed: ${COMMISSION_PAYER_LABELS[proposal.payer].toLowerCase()}. It applies once the other party accepts.`
              : `The ${proposal.by} proposes: ${COMMISSION_PAYER_LABELS[proposal.payer].toLowerCase()}. Choose it in Pay Commission to accept.`}
          </span>
        ) : null}
      </span>
    </li>
  );
}

/** The shape of a deal card while the list loads. */
export function DealCardSkeleton() {
  return (
    <Card className="grid gap-5 p-5 sm:p-6" aria-hidden>
      <div className="grid gap-2">
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,15rem)]">
        <div className="grid gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
        <Skeleton className="h-36 w-full" />
      </div>
      <div className="flex gap-2 border-t pt-4">
        <Skeleton className="h-10 w-32" />
        <Skeleton className="h-10 w-28" />
      </div>
    </Card>
  );
}
