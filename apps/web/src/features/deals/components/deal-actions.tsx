import type { DealParty } from '@app/shared/deals/deal-machine';
import {
  DEAL_CONSTANTS,
  DEAL_MESSAGES,
  type Deal,
  type DealActionBody,
  type DealCardAction,
  dealCardActions,
  refundPayout,
  releasePayout,
} from '@app/shared/deals/deals.schemas';
import { CalendarClock, Clock, Scale } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { toast } from '@/components/ui/toast';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useDealAction } from '../api/deal-action';
import { formatDeadline } from '../claims/claim-labels';
import { ACTION_COPY, DEAL_STATUS_BADGE, escrowLabelOf, ROLE_LABEL } from '../utils/deal-labels';
import type { EscrowTransactionResult } from './escrow-transaction-dialog';
import type { WireResult } from './wire-instructions-dialog';

// The payment dialogs are fetched when one opens: most visits to a deal only read it.
const CommissionDialog = lazyDialog(
  () => import('./commission-dialog').then((m) => m.CommissionDialog),
  (props) => props.open,
);
const CounterOfferDialog = lazyDialog(
  () => import('./counter-offer-dialog').then((m) => m.CounterOfferDialog),
  (props) => props.open,
);
const FundEscrowDialog = lazyDialog(
  () => import('./fund-escrow-dialog').then((m) => m.FundEscrowDialog),
  (props) => props.open,
);
const EscrowTransactionDialog = lazyDialog(
  () => import('./escrow-transaction-dialog').then((m) => m.EscrowTransactionDialog),
  (props) => props.result !== null,
);
// With the claim panel's chunk (see claims/claim-panel.tsx): a shipped deal's card has fetched it already.
const OpenClaimDialog = lazyDialog(
  () => import('../claims/claim-panel').then((m) => m.OpenClaimDialog),
  (props) => props.open,
);
const WireInstructionsDialog = lazyDialog(
  () => import('./wire-instructions-dialog').then((m) => m.WireInstructionsDialog),
  (props) => props.result !== null,
);

type ActionWithConfirm =
  | 'reject'
  | 'cancel'
  | 'release-escrow'
  | 'refund-escrow'
  | 'ship-goods'
  | 'record-delivery';

/** The "are you sure" of the actions that cannot be undone. */
const CONFIRMS: Record<ActionWithConfirm, (deal: Deal) => { title: string; description: string }> = {
  reject: (deal) => ({
    title: 'Reject this deal?',
    description: `The deal for ${deal.listingTitle} is cancelled for both parties.`,
  }),
  cancel: (deal) => ({
    title: 'Cancel this deal?',
    description: `The deal for ${deal.listingTitle} is cancelled for both parties. Nothing has been paid yet.`,
  }),
  'release-escrow': (deal) => ({
    title: 'Release escrow to the seller?',
    description: releaseDescription(deal),
  }),
  'refund-escrow': (deal) => ({
    title: 'Refund escrow to the buyer?',
    description: refundDescription(deal),
  }),
  // Asked only when nothing is held (an escrow-optional deal): shipping then forgoes escrow's protection.
  'ship-goods': (deal) => ({
    title: 'Ship without escrow?',
    description: `No money is held in escrow for ${deal.listingTitle}. The deal completes now and you settle the payment of ${formatUsd(deal.dealValueCents, { alwaysCents: true })} directly with the buyer.`,
  }),
  // Recording delivery starts the (shorter) claim window: the buyer should check the goods first.
  'record-delivery': (deal) => ({
    title: 'Record the delivery?',
    description: `Confirm that the goods for ${deal.listingTitle} arrived. The time to open a claim about their weight, grade or condition then counts from now, so check them first.`,
  }),
};

const VARIANTS: Partial<Record<DealCardAction, ButtonProps['variant']>> = {
  reject: 'outline',
  cancel: 'outline',
  'counter-offer': 'outline',
  'refund-escrow': 'outline',
  'request-early-release': 'outline',
  'open-dispute': 'outline',
};

type Dialogs =
  | { kind: 'none' }
  | { kind: 'confirm'; action: ActionWithConfirm }
  | { kind: 'counter' }
  | { kind: 'dispute' }
  | { kind: 'fund' }
  | { kind: 'commission' }
  | { kind: 'claim' };

/**
 * Exactly the actions `dealCardActions` allows the viewing party, or "No actions available" with the
 * status, role and escrow status. Every button is disabled while one of the card's requests runs.
 */
export function DealActions({ deal, role }: { deal: Deal; role: DealParty }) {
  const actions = dealCardActions(deal, role);
  const mutation = useDealAction();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const [escrowResult, setEscrowResult] = useState<EscrowTransactionResult | null>(null);
  const [wireResult, setWireResult] = useState<WireResult | null>(null);
  const busy = mutation.isPending;
  const runningAction = busy ? mutation.variables?.body.action : undefined;
  const close = () => setDialog({ kind: 'none' });

  const run = async (body: DealActionBody) => {
    if (mutation.isPending) return;
    const copy = ACTION_COPY[body.action];
    try {
      await mutation.mutateAsync({ dealId: deal.id, body });
      if (copy.success) toast.success(copy.success, { id: `deal-${body.action}-${deal.id}` });
      close();
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(isRuleRefusal(apiError) ? apiError.message : copy.failed);
    }
  };

  const press = (action: DealCardAction) => {
    switch (action) {
      case 'reject':
      case 'cancel':
      case 'release-escrow':
      case 'refund-escrow':
      case 'record-delivery':
        setDialog({ kind: 'confirm', action });
        return;
      case 'ship-goods':
        if (deal.escrowStatus === 'held') void run({ action });
        else setDialog({ kind: 'confirm', action });
        return;
      case 'counter-offer':
        setDialog({ kind: 'counter' });
        return;
      case 'open-dispute':
        setDialog({ kind: 'dispute' });
        return;
      case 'fund-escrow':
        setDialog({ kind: 'fund' });
        return;
      case 'pay-commission':
        setDialog({ kind: 'commission' });
        return;
      case 'waiting-for-funding':
        return;
      default:
        void run({ action });
    }
  };

  const buttons = actions.filter((a) => a !== 'waiting-for-funding');
  const waiting = actions.includes('waiting-for-funding');
  // The server says until when a claim may be opened (null: not now, e.g. one is open or time ran out).
  const claimUntil = role === 'buyer' ? deal.claimOpenUntil : null;
  // While a claim is open its panel holds the next steps: "No actions available" would mislead.
  const idle = actions.length === 0 && claimUntil === null && deal.openClaimId === null;

  // The deal's dialogs stay mounted (they close with their animation); the row shows when it has content.
  const empty = !waiting && buttons.length === 0 && claimUntil === null && !idle;
  return (
    <div className={empty ? 'contents' : 'grid gap-3 border-t pt-4'}>
      {waiting ? (
        <p className="flex items-center gap-2 text-sm font-medium text-warning-soft-foreground" role="status">
          <Clock className="size-4" aria-hidden />
          {DEAL_MESSAGES.waitingForFunding}
        </p>
      ) : null}
      {buttons.length > 0 || claimUntil ? (
        <div className="flex flex-wrap gap-2">
          {buttons.map((action) => {
            const copy = ACTION_COPY[action];
            return (
              <Button
                key={action}
                variant={VARIANTS[action] ?? 'default'}
                disabled={busy}
                onClick={() => press(action)}
                className="max-sm:flex-1"
              >
                {runningAction === action ? copy.busy : copy.label}
              </Button>
            );
          })}
          {claimUntil ? (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => setDialog({ kind: 'claim' })}
              className="max-sm:flex-1"
            >
              <Scale aria-hidden />
              Open a Claim
            </Button>
          ) : null}
        </div>
      ) : null}
      {claimUntil ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>You can open a claim until {formatDeadline(claimUntil)}.</span>
        </p>
      ) : null}
      {idle ? (
        <p className="rounded-lg border border-dashed bg-surface px-3 py-2 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{DEAL_MESSAGES.noActions}</span>
          <span className="mx-1.5" aria-hidden>
            ·
          </span>
          Status: {DEAL_STATUS_BADGE[deal.status].label}
          <span className="mx-1.5" aria-hidden>
            ·
          </span>
          Role: {ROLE_LABEL[role]}
          <span className="mx-1.5" aria-hidden>
            ·
          </span>
          Escrow: {escrowLabelOf(deal)}
        </p>
      ) : null}

      {dialog.kind === 'confirm' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : close())}
          {...CONFIRMS[dialog.action](deal)}
          confirmLabel={ACTION_COPY[dialog.action].label}
          busyLabel={ACTION_COPY[dialog.action].busy}
          isBusy={busy}
          destructive={
            dialog.action !== 'release-escrow' &&
            dialog.action !== 'ship-goods' &&
            dialog.action !== 'record-delivery'
          }
          onConfirm={() => void run({ action: dialog.action })}
        />
      ) : null}
      <CounterOfferDialog
        deal={deal}
        open={dialog.kind === 'counter'}
        onOpenChange={(open) => (open ? undefined : close())}
        isBusy={busy}
        onSubmit={(dealValue) => void run({ action: 'counter-offer', dealValue })}
      />
      <ReasonDialog
        open={dialog.kind === 'dispute'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Open a dispute"
        description="Escrow stays held while our team reviews the dispute with both parties. Describe what went wrong."
        fieldLabel="What is the problem?"
        submitLabel="Open Dispute"
        busyLabel="Opening..."
        isBusy={busy}
        requiredMessage={DEAL_MESSAGES.disputeReasonRequired}
        maxLength={DEAL_CONSTANTS.disputeReasonMax}
        onSubmit={(reason) => void run({ action: 'open-dispute', reason })}
      />
      <FundEscrowDialog
        deal={deal}
        open={dialog.kind === 'fund'}
        onOpenChange={(open) => (open ? undefined : close())}
        onResult={(result) =>
          result.kind === 'escrow_transaction' ? setEscrowResult(result) : setWireResult(result)
        }
      />
      <EscrowTransactionDialog result={escrowResult} onClose={() => setEscrowResult(null)} />
      <WireInstructionsDialog result={wireResult} onClose={() => setWireResult(null)} />
      <CommissionDialog
        deal={deal}
        open={dialog.kind === 'commission'}
        onOpenChange={(open) => (open ? undefined : close())}
      />
      <OpenClaimDialog
        deal={deal}
        open={dialog.kind === 'claim'}
        onOpenChange={(open) => (open ? undefined : close())}
      />
    </div>
  );
}

/** What the release moves, as the ledger books it: the escrow held, less a commission still owed. */
function releaseDescription(deal: Deal): string {
  const { sellerReceivesCents, deductedCents } = releasePayout(deal);
  const seller = deal.seller.companyName ?? deal.seller.name ?? 'the seller';
  const money = (cents: number) => formatUsd(cents, { alwaysCents: true });
  const deduction = deductedCents > 0 ? ` (the ${money(deductedCents)} platform commission is deducted)` : '';
  return `${money(sellerReceivesCents)} goes to ${seller}${deduction}. Release only once you have received the goods as agreed.`;
}

/** What the refund moves, as the ledger books it: the funding back to the buyer, a wire's fee kept. */
function refundDescription(deal: Deal): string {
  const { buyerReceivesCents } = refundPayout(deal);
  const money = (cents: number) => formatUsd(cents, { alwaysCents: true });
  const kept = deal.escrowPayment?.method === 'wire' ? " (the wire's processing fee is not refunded)" : '';
  return `${money(buyerReceivesCents)} held for ${deal.listingTitle} goes back to the buyer${kept}.`;
}
