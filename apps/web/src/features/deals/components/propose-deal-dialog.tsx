import { CreateDealBodySchema, DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { compareWithIndex } from '@app/shared/market/price-index';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
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
export type DealListingTarget = Pick<Listing, 'id' | 'userId' | 'type' | 'title' | 'totalCents' | 'seller'> &
  Partial<Pick<Listing, 'quantity' | 'quantityTonnes'>>;

/**
 * A starting offer other than the listed total (a match offers the quantity both sides want): its
 * value, the quantity in the listing's unit that the deal records, and a note saying why.
 */
export type DealValueSuggestion = { valueCents: number; quantity?: number; note: string };

type ProposeDealDialogProps = {
  listing: DealListingTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggestion?: DealValueSuggestion;
  /** The 30-day market index of the listing's material: the dialog says how the offer compares. */
  indexCentsPerTonne?: number | null;
};

/** "Propose a Deal": the offer on another trader's listing, with the 3% commission added to the total. */
export function ProposeDealDialog({
  listing,
  open,
  onOpenChange,
  suggestion,
  indexCentsPerTonne,
}: ProposeDealDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open ? (
          <ProposeDealForm
            listing={listing}
            suggestion={suggestion}
            indexCentsPerTonne={indexCentsPerTonne ?? null}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type FieldErrors = { dealValue?: string; notes?: string };

function ProposeDealForm({
  listing,
  suggestion,
  indexCentsPerTonne,
  onDone,
}: {
  listing: DealListingTarget;
  suggestion?: DealValueSuggestion;
  indexCentsPerTonne: number | null;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateDeal();
  const { rateBps } = useCommissionRateBps();
  const startCents = suggestion?.valueCents ?? listing.totalCents;
  const [value, setValue] = useState(startCents ? (startCents / 100).toFixed(2) : '');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const counterparty = listing.seller.company ?? listing.seller.fullName;
  const offerVsIndex = offerComparedWithIndex(listing, suggestion, value, indexCentsPerTonne);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = CreateDealBodySchema.safeParse({
      listingId: listing.id,
      dealValue: value,
      notes: notes.trim() || undefined,
      quantity: suggestion?.quantity,
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
          [
            listing.totalCents ? `Listed total: ${formatUsd(listing.totalCents, { alwaysCents: true })}` : '',
            suggestion?.note ?? '',
            offerVsIndex ? `Your offer is ${offerVsIndex}` : '',
          ]
            .filter(Boolean)
            .join(' · ') || undefined
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
      <DialogFormActions
        onCancel={onDone}
        busy={create.isPending}
        submitLabel="Propose Deal"
        busyLabel="Proposing..."
        lockCancel
      />
    </form>
  );
}

/**
 * "8% above the 30-day index" for the offer typed so far, per tonne of what the deal covers (the
 * suggestion's quantity, else the listing's); null without an index, a valid value or tonnes.
 */
function offerComparedWithIndex(
  listing: DealListingTarget,
  suggestion: DealValueSuggestion | undefined,
  value: string,
  indexCentsPerTonne: number | null,
): string | null {
  const valueCents = Math.round(Number(value) * 100);
  const { quantity, quantityTonnes } = listing;
  if (!indexCentsPerTonne || !quantityTonnes || !quantity || !(valueCents > 0)) return null;
  const tonnes = suggestion?.quantity ? (quantityTonnes * suggestion.quantity) / quantity : quantityTonnes;
  const { label } = compareWithIndex(valueCents / tonnes, indexCentsPerTonne);
  return label.charAt(0).toLowerCase() + label.slice(1);
}
