import {
  COMMISSION_PAYERS,
  type CommissionPayer,
  commissionShare,
  DEAL_MESSAGES,
  type Deal,
} from '@app/shared/deals/deals.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { usePayCommission } from '../api/pay-commission';

const PAYER_COPY: Record<CommissionPayer, { title: string; description: string }> = {
  buyer: { title: 'Buyer pays', description: 'The buyer pays the whole commission.' },
  seller: { title: 'Seller pays', description: 'The seller pays the whole commission.' },
  split: { title: 'Split', description: 'Buyer and seller pay half each.' },
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
  const chosen = deal.commission.payer;
  const [payer, setPayer] = useState<CommissionPayer>(chosen ?? 'buyer');
  const amount = (cents: number) => formatUsd(cents, { alwaysCents: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    try {
      const result = await pay.mutateAsync({ dealId: deal.id, body: { payer } });
      if (result.url) {
        openInNewTab(result.url);
      } else {
        toast.info(DEAL_MESSAGES.commissionAwaitingOther);
      }
      onClose();
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(DEAL_MESSAGES.commissionPaymentFailedTitle, {
        description:
          apiError.status !== undefined && apiError.status < 500
            ? apiError.message
            : DEAL_MESSAGES.commissionPaymentFailed,
      });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Pay Commission</DialogTitle>
        <DialogDescription>
          The platform commission of {bpsToPercent(deal.commissionRateBps)}% on {deal.listingTitle} is{' '}
          {amount(deal.commissionCents)}. Choose who pays it.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2" disabled={pay.isPending || chosen !== null}>
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
                <span className="text-sm font-semibold">{PAYER_COPY[option].title}</span>
                <span className="text-sm text-muted-foreground">{PAYER_COPY[option].description}</span>
                <span className="tabular text-sm">
                  Buyer {amount(buyer)} · Seller {amount(seller)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {chosen !== null ? (
        <p className="text-sm text-muted-foreground">
          The payer was already chosen for this deal: {PAYER_COPY[chosen].title.toLowerCase()}.
        </p>
      ) : null}
      <DialogFormActions
        onCancel={onClose}
        busy={pay.isPending}
        submitLabel="Pay Commission"
        busyLabel="Opening payment..."
        lockCancel
      />
    </form>
  );
}
