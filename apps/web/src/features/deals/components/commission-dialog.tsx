import {
  COMMISSION_PAYER_LABELS,
  COMMISSION_PAYERS,
  type CommissionPayer,
  commissionChoiceIsProposal,
  commissionShare,
  DEAL_MESSAGES,
  type Deal,
} from '@app/shared/deals/deals.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { openPaymentTab } from '@/lib/payment-tab';
import { usePayCommission } from '../api/pay-commission';
import { commissionCheckoutWatch } from '../utils/deal-payment-watch';

const PAYER_COPY: Record<CommissionPayer, { title: string; description: string }> = {
  buyer: { title: COMMISSION_PAYER_LABELS.buyer, description: 'The buyer pays the whole commission.' },
  seller: { title: COMMISSION_PAYER_LABELS.seller, description: 'The seller pays the whole commission.' },
  split: { title: COMMISSION_PAYER_LABELS.split, description: 'Buyer and seller pay half each.' },
};

type CommissionDialogProps = {
  deal: Deal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Pay Commission: who pays the platform commission (buyer by default, seller, or half each). */
export function CommissionDialog({ deal, open, onOpenChange }: CommissionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open ? <CommissionForm deal={deal} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CommissionForm({ deal, onClose }: { deal: Deal; onClose: () => void }) {
  const pay = usePayCommission();
  const queryClient = useQueryClient();
  const role = deal.role ?? 'buyer';
  const agreed = deal.commission.payer;
  const proposal = deal.commission.proposal;
  const theirs = proposal && proposal.by !== role ? proposal.payer : null;
  const [payer, setPayer] = useState<CommissionPayer>(theirs ?? agreed ?? 'buyer');
  const amount = (cents: number) => formatUsd(cents, { alwaysCents: true });
  const proposing = commissionChoiceIsProposal(
    { amountCents: deal.commissionCents, agreed, paidCents: deal.commission.paidCents },
    role,
    payer,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    // A proposal pays nothing; otherwise the checkout tab opens now, within the click.
    const tab = proposing ? null : openPaymentTab();
    try {
      const result = await pay.mutateAsync({ dealId: deal.id, body: { payer } });
      if (result.url) (tab ?? openPaymentTab()).go(commissionCheckoutWatch(queryClient, deal, result.url));
      else tab?.discard();
      if (result.proposed) toast.success(DEAL_MESSAGES.commissionProposed);
      else if (!result.url) toast.info(DEAL_MESSAGES.commissionAwaitingOther);
      onClose();
    } catch (error) {
      tab?.discard();
      const apiError = parseApiError(error);
      toast.error(DEAL_MESSAGES.commissionPaymentFailedTitle, {
        description: isRuleRefusal(apiError) ? apiError.message : DEAL_MESSAGES.commissionPaymentFailed,
      });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Pay Commission</DialogTitle>
        <DialogDescription>
          The platform commission of {bpsToPercent(deal.commissionRateBps)}% on {deal.listingTitle} is{' '}
          {amount(deal.commissionCents)}. The buyer pays it unless you both choose otherwise: an option that
          moves the cost to the other party is sent to them as a proposal.
        </DialogDescription>
      </DialogHeader>
      {theirs ? (
        <Alert>
          <AlertDescription>
            The {proposal?.by} proposes: {COMMISSION_PAYER_LABELS[theirs].toLowerCase()}. Choose it to accept.
          </AlertDescription>
        </Alert>
      ) : null}
      <fieldset className="grid gap-2" disabled={pay.isPending}>
        <legend className="mb-2 text-sm font-medium">Commission payer</legend>
        {COMMISSION_PAYERS.map((option) => {
          const buyer = commissionShare(deal.commissionCents, option, 'buyer');
          const seller = commissionShare(deal.commissionCents, option, 'seller');
          const checked = option === payer;
          return (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:disabled]:cursor-default has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="commission-payer"
                value={option}
                checked={checked}
                onChange={() => setPayer(option)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="grid flex-1 gap-0.5">
                <span className="text-sm font-semibold">
                  {PAYER_COPY[option].title}
                  {option === (agreed ?? 'buyer') ? (
                    <span className="font-normal text-muted-foreground"> · current</span>
                  ) : null}
                </span>
                <span className="text-sm text-muted-foreground">{PAYER_COPY[option].description}</span>
                <span className="tabular text-sm">
                  Buyer {amount(buyer)} · Seller {amount(seller)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <DialogFormActions
        onCancel={onClose}
        busy={pay.isPending}
        submitLabel={proposing ? 'Send Proposal' : 'Pay Commission'}
        busyLabel={proposing ? 'Sending...' : 'Opening payment...'}
        lockCancel
      />
    </form>
  );
}
