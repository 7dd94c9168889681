import { type Deal, DealActionBodySchema } from '@app/shared/deals/deals.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatUsd } from '@/lib/format';
import { DealValueField, emptyValueMessage } from './deal-value-field';

type CounterOfferDialogProps = {
  deal: Deal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isBusy: boolean;
  /** Receives the new value in dollars; the caller runs the action and closes the dialog on success. */
  onSubmit: (dealValue: number) => void;
};

/** A new deal value, validated like the offer form; both confirmations reset when it is sent. */
export function CounterOfferDialog({ deal, open, onOpenChange, isBusy, onSubmit }: CounterOfferDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (open) {
      setValue((deal.dealValueCents / 100).toFixed(2));
      setError(undefined);
    }
  }, [open, deal.dealValueCents]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const parsed = DealActionBodySchema.safeParse({ action: 'counter-offer', dealValue: value });
    if (!parsed.success || parsed.data.action !== 'counter-offer') {
      setError(emptyValueMessage(value) ?? parsed.error?.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.dealValue);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Counter Offer</DialogTitle>
            <DialogDescription>
              Propose a new value for {deal.listingTitle}. The current value is{' '}
              {formatUsd(deal.dealValueCents, { alwaysCents: true })}; both parties confirm again after a
              counter offer.
            </DialogDescription>
          </DialogHeader>
          <DealValueField
            label="New deal value (USD)"
            value={value}
            onChange={(next) => {
              setValue(next);
              if (error) setError(undefined);
            }}
            error={error}
            rateBps={deal.commissionRateBps}
            disabled={isBusy}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? 'Sending...' : 'Send Counter Offer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
