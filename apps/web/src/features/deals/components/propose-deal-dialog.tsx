import { CreateDealBodySchema, DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useCreateDeal } from '../api/create-deal';
import { useCommissionRateBps } from '../api/get-commission-rate';
import { DealValueField, emptyValueMessage } from './deal-value-field';

/** The listing an offer is made on (its total, for sell listings, is offered as the starting value). */
export type DealListingTarget = Pick<Listing, 'id' | 'userId' | 'type' | 'title' | 'totalCents' | 'seller'>;

type ProposeDealDialogProps = {
  listing: DealListingTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "Propose a Deal": the offer on another trader's listing, with the 3% commission added to the total. */
export function ProposeDealDialog({ listing, open, onOpenChange }: ProposeDealDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open ? <ProposeDealForm listing={listing} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type FieldErrors = { dealValue?: string; notes?: string };

function ProposeDealForm({ listing, onDone }: { listing: DealListingTarget; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateDeal();
  const { rateBps } = useCommissionRateBps();
  const [value, setValue] = useState(listing.totalCents ? (listing.totalCents / 100).toFixed(2) : '');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const counterparty = listing.seller.company ?? listing.seller.fullName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = CreateDealBodySchema.safeParse({
      listingId: listing.id,
      dealValue: value,
      notes: notes.trim() || undefined,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'dealValue' || field === 'notes') next[field] ??= issue.message;
        else toast.error(issue.message);
      }
      next.dealValue = emptyValueMessage(value) ?? next.dealValue;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const deal = await create.mutateAsync(parsed.data);
      toast.success('Deal proposed', {
        id: `deal-proposed-${deal.id}`,
        description: `Your offer of ${formatUsd(deal.dealValueCents, { alwaysCents: true })} was sent to ${counterparty}. Both parties need to confirm to proceed with escrow.`,
        action: { label: 'View Deals', onClick: () => navigate(paths.deals) },
      });
      onDone();
    } catch (error) {
      toast.error(parseApiError(error).message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Propose a Deal</DialogTitle>
        <DialogDescription>
          Offer a price for <span className="font-medium text-foreground">{listing.title}</span>.{' '}
          {counterparty} confirms, counters or declines; nothing is charged until both of you have confirmed
          and you fund escrow.
        </DialogDescription>
      </DialogHeader>
      <DealValueField
        value={value}
        onChange={(next) => {
          setValue(next);
          if (errors.dealValue) setErrors((e) => ({ ...e, dealValue: undefined }));
        }}
        error={errors.dealValue}
        rateBps={rateBps}
        disabled={create.isPending}
        hint={
          listing.totalCents
            ? `Listed total: ${formatUsd(listing.totalCents, { alwaysCents: true })}`
            : undefined
        }
      />
      <FormField label="Notes (optional)" error={errors.notes}>
        <Textarea
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={3}
          maxLength={DEAL_CONSTANTS.notesMax}
          placeholder="Delivery terms, timing, quality requirements…"
          disabled={create.isPending}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Proposing...' : 'Propose Deal'}
        </Button>
      </DialogFooter>
    </form>
  );
}
