import {
  BuyNowBodySchema,
  commissionFor,
  DEAL_CONSTANTS,
  DEAL_MESSAGES,
  fundingBreakdown,
  percentToBps,
  purchaseInitiatedDescription,
} from '@app/shared/deals/deals.schemas';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { INCOTERM_INFO, PACKING_LABELS, SUPPLY_FREQUENCY_LABELS } from '@app/shared/market/trade-terms';
import { bpsToPercent, multiplyCents } from '@app/shared/money/money';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { formatAvailable, formatPricePerUnit, formatQuantity, formatUsd, unitPlural } from '@/lib/format';
import { useBuyNow } from '../api/buy-now';
import { useCommissionRateBps } from '../api/get-commission-rate';
import { usePaymentMethods } from '../api/get-payment-methods';
import { MoneyBreakdown } from './money-breakdown';

type BuyNowDialogProps = {
  listing: Listing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Buy Now's confirmation: how much (at most what remains), what it costs with the commission and the
 * payment fees, and the terms. Nothing is created until Confirm; the deal then holds the quantity.
 */
export function BuyNowDialog({ listing, open, onOpenChange }: BuyNowDialogProps) {
  const buy = useBuyNow();
  return (
    <Dialog
      open={open}
      // Leaving while the purchase is sent would hide its outcome.
      onOpenChange={(next) => (buy.isPending ? undefined : onOpenChange(next))}
    >
      <DialogContent className="max-w-lg">
        {open ? <BuyNowForm listing={listing} buy={buy} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BuyNowForm({
  listing,
  buy,
  onDone,
}: {
  listing: Listing;
  buy: ReturnType<typeof useBuyNow>;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const { rateBps } = useCommissionRateBps();
  const remaining = listing.remainingQuantity;
  const [quantity, setQuantity] = useState(String(remaining));
  const [error, setError] = useState<string | undefined>();
  // A second click before the button shows it is busy (or within the spec's one-second guard) sends nothing.
  const lastSent = useRef(0);
  const typed = quantity.trim() === '' ? Number.NaN : Number(quantity);
  const valid = Number.isFinite(typed) && typed > 0 && typed <= remaining;
  const dealValueCents = valid ? multiplyCents(listing.priceCents, typed) : 0;
  // The same rule the server books with: commission on the value, the method's fee on both.
  const withCommission = fundingBreakdown({
    dealValueCents,
    commissionCents: commissionFor(dealValueCents, rateBps),
    includeCommission: true,
    methodFeeBps: 0,
  });
  const methods = usePaymentMethods(withCommission.totalCents, { enabled: valid });
  const feeNotes = (methods.data ?? [])
    .filter((m) => m.processingFeePercentage > 0)
    .map((m) => {
      const { feeCents } = fundingBreakdown({
        dealValueCents,
        commissionCents: withCommission.commissionCents,
        includeCommission: true,
        methodFeeBps: percentToBps(m.processingFeePercentage),
      });
      return `${m.name} adds ${m.processingFeePercentage}% (${formatUsd(feeCents, { alwaysCents: true })})`;
    });
  const terms = [
    listing.incoterm
      ? `${listing.incoterm} ${listing.incotermPlace ?? ''} (${INCOTERM_INFO[listing.incoterm].name})`
      : null,
    listing.packing ? `Packing: ${PACKING_LABELS[listing.packing]}` : null,
    `Supply: ${SUPPLY_FREQUENCY_LABELS[listing.supplyFrequency]}`,
    `Location: ${listing.location}`,
  ].filter((t): t is string => t !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (buy.isPending || Date.now() - lastSent.current < DEAL_CONSTANTS.buyNowClickGuardMs) return;
    const parsed = BuyNowBodySchema.safeParse({ listingId: listing.id, quantity: typed });
    if (!parsed.success || !valid) {
      setError(
        typed > remaining
          ? `At most ${formatQuantity(remaining, listing.unit)} remain`
          : (parsed.error?.issues[0]?.message ?? DEAL_MESSAGES.quantityAboveZero),
      );
      return;
    }
    lastSent.current = Date.now();
    try {
      const deal = await buy.mutateAsync(parsed.data);
      toast.success(DEAL_MESSAGES.purchaseInitiated, {
        id: `purchase-${deal.id}`,
        description: purchaseInitiatedDescription(deal.dealValueCents),
        action: { label: 'View Deals', onClick: () => navigate(paths.deals) },
      });
      onDone();
    } catch (err) {
      const apiError = parseApiError(err);
      if (apiError.code === 'FORBIDDEN')
        toast.error(DEAL_MESSAGES.cannotBuyOwn, { description: DEAL_MESSAGES.cannotBuyOwnDescription });
      else if (apiError.code === 'LISTING_QUANTITY_UNAVAILABLE') setError(apiError.message);
      else toast.error(DEAL_MESSAGES.purchaseFailed, { description: apiError.message });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Buy Now</DialogTitle>
        <DialogDescription>
          <span className="font-medium text-foreground">{listing.title}</span> at{' '}
          {formatPricePerUnit(listing.priceCents, listing.unit)}, from{' '}
          {listing.seller.company ?? listing.seller.fullName}.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label={`Quantity (${unitPlural(listing.unit)})`}
        error={error}
        hint={formatAvailable(remaining, listing.quantity, listing.unit)}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={remaining}
          step="any"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            setError(undefined);
          }}
          className="tabular"
          disabled={buy.isPending}
          required
        />
      </FormField>
      <MoneyBreakdown
        lines={[
          { label: 'Deal value', cents: withCommission.dealValueCents },
          {
            label: `Platform commission (${bpsToPercent(rateBps)}%)`,
            cents: withCommission.commissionCents,
            muted: true,
          },
        ]}
        total={{ label: 'Total with commission', cents: withCommission.totalCents }}
      />
      <p className="text-[0.8125rem] text-muted-foreground">
        You pay the commission with the escrow payment unless you and the seller agree otherwise; left out, it
        comes off the seller's payout. Payment fee when you fund escrow:{' '}
        {feeNotes.length > 0 ? `${feeNotes.join('; ')}; other methods add none.` : 'none for this amount.'}
      </p>
      <section aria-labelledby="buy-now-terms" className="grid gap-2 rounded-lg border p-3 text-sm">
        <h3 id="buy-now-terms" className="font-medium">
          Terms
        </h3>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p className="flex items-start gap-2 text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          Escrow protection: nothing is charged now. Once the seller confirms, you fund escrow; the money is
          released to the seller only when the deal is completed, and refunded if it is cancelled.
        </p>
      </section>
      <DialogFormActions
        onCancel={onDone}
        busy={buy.isPending}
        submitLabel="Confirm Purchase"
        busyLabel="Buying..."
        lockCancel
      />
    </form>
  );
}
