import { CreateDealBodySchema, DEAL_CONSTANTS, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { compareWithIndex } from '@app/shared/market/price-index';
import { multiplyCents } from '@app/shared/money/money';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import type { DealListingTarget, DealValueSuggestion, ProposeDealDialogProps } from '@/lib/feature-slots';
import { formatAvailable, formatQuantity, formatUsd, unitPlural } from '@/lib/format';
import { useCreateDeal } from '../api/create-deal';
import { useCommissionRateBps } from '../api/get-commission-rate';
import { DealValueField, dealValueCents, emptyValueMessage } from './deal-value-field';

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

type FieldErrors = { dealValue?: string; notes?: string; quantity?: string };

/** The quantity typed so far as a number, or null while it is not one. */
const typedQuantity = (raw: string) =>
  raw.trim() === '' || !Number.isFinite(Number(raw)) ? null : Number(raw);

/** The value of `quantity` units at the listing's price, in cents (what the value follows until typed). */
const valueAtListedPrice = (listing: DealListingTarget, quantity: number | null) =>
  listing.priceCents && quantity && quantity > 0 ? multiplyCents(listing.priceCents, quantity) : null;

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
  // The deal records a quantity in the listing's unit: the whole lot unless the offer is for part of it.
  const hasQuantity = listing.quantity !== undefined && listing.unit !== undefined;
  // At most what deals have left of the listing.
  const available = listing.remainingQuantity ?? listing.quantity;
  const [quantity, setQuantity] = useState(String(suggestion?.quantity ?? available ?? ''));
  // The value follows the quantity at the listed price until the trader types a value of their own.
  const [valueTyped, setValueTyped] = useState(false);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const counterparty = listing.seller.company ?? listing.seller.fullName;
  const offerVsIndex = offerComparedWithIndex(listing, typedQuantity(quantity), value, indexCentsPerTonne);

  const changeQuantity = (next: string) => {
    setQuantity(next);
    if (errors.quantity) setErrors((e) => ({ ...e, quantity: undefined }));
    const cents = valueAtListedPrice(listing, typedQuantity(next));
    if (!valueTyped && cents !== null) setValue((cents / 100).toFixed(2));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = CreateDealBodySchema.safeParse({
      listingId: listing.id,
      dealValue: value,
      notes: notes.trim() || undefined,
      quantity: hasQuantity ? (typedQuantity(quantity) ?? 0) : suggestion?.quantity,
    });
    const overListing =
      hasQuantity && (typedQuantity(quantity) ?? 0) > (available ?? Number.POSITIVE_INFINITY);
    if (!parsed.success || overListing) {
      const next: FieldErrors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'dealValue' || field === 'notes' || field === 'quantity') next[field] ??= issue.message;
        else toast.error(issue.message);
      }
      if (overListing)
        next.quantity ??=
          available === listing.quantity
            ? DEAL_MESSAGES.quantityAboveListing
            : `At most ${formatQuantity(available as number, listing.unit as string)} remain`;
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
      {hasQuantity ? (
        <FormField
          label={`Quantity (${unitPlural(listing.unit as string)})`}
          error={errors.quantity}
          hint={
            available === listing.quantity
              ? `Listed: ${formatQuantity(listing.quantity as number, listing.unit as string)}`
              : formatAvailable(available as number, listing.quantity as number, listing.unit as string)
          }
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={available}
            step="any"
            value={quantity}
            onChange={(e) => changeQuantity(e.target.value)}
            className="tabular"
            disabled={create.isPending}
            required
          />
        </FormField>
      ) : null}
      <DealValueField
        value={value}
        onChange={(next) => {
          setValue(next);
          setValueTyped(true);
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
 * "8% above the 30-day index" for the offer typed so far, per tonne of the quantity it covers; null
 * without an index, a valid value and quantity, or tonnes (pieces).
 */
function offerComparedWithIndex(
  listing: DealListingTarget,
  quantity: number | null,
  value: string,
  indexCentsPerTonne: number | null,
): string | null {
  const valueCents = dealValueCents(value);
  const { quantityTonnes } = listing;
  const listed = listing.quantity;
  const covered = quantity ?? listed;
  if (!indexCentsPerTonne || !quantityTonnes || !listed || !covered || valueCents === null) return null;
  const tonnes = (quantityTonnes * covered) / listed;
  const { label } = compareWithIndex(valueCents / tonnes, indexCentsPerTonne);
  return label.charAt(0).toLowerCase() + label.slice(1);
}
