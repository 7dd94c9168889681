import { CLAIM_LIMITS, CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import {
  type AdminClaim,
  type DecideClaimBody,
  DecideClaimBodySchema,
} from '@app/shared/deals/deal-claims.schemas';
import { checkAmount } from '@app/shared/money/money';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useDecideClaim } from '../api/decide-claim';
import { money, settlementSentence } from '../claims/claim-labels';

type Errors = { buyer?: string; note?: string };

/** An amount in dollars as cents, or null while the field holds none. */
const centsOf = (raw: string): number | null => {
  const checked = checkAmount(raw);
  return raw.trim() !== '' && checked.ok ? checked.cents : null;
};

/**
 * The decision as the API takes it, or what is wrong: the buyer's refund in dollars, the seller's
 * payout the rest of what is held (the two add up to it, `CLAIM_MESSAGES.splitMustMatchHeld`), and
 * the reason both parties read.
 */
export function parseDecision(
  claim: Pick<AdminClaim, 'heldCents'>,
  buyerRaw: string,
  note: string,
): { ok: true; body: DecideClaimBody } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const checked = checkAmount(buyerRaw);
  const buyerRefundCents = checked.ok ? checked.cents : 0;
  const sellerPayoutCents = claim.heldCents - buyerRefundCents;
  if (buyerRaw.trim() === '') errors.buyer = 'Please enter the buyer’s refund (0 for none).';
  else if (!checked.ok) errors.buyer = checked.message;
  else if (sellerPayoutCents < 0) errors.buyer = CLAIM_MESSAGES.splitMustMatchHeld;
  const parsed = DecideClaimBodySchema.safeParse({ buyerRefundCents, sellerPayoutCents, note });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      if (issue.path[0] === 'note') errors.note ??= issue.message;
      else errors.buyer ??= issue.message;
  if (errors.buyer || errors.note || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/**
 * An administrator's decision on a claim: how the escrow held is split between buyer and seller (the
 * buyer's refund by slider or amount, the seller's payout the rest), with a reason. It asks before
 * sending: a settlement cannot be undone.
 */
export function DecideClaimForm({ claim }: { claim: AdminClaim }) {
  const decide = useDecideClaim();
  const [buyer, setBuyer] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<DecideClaimBody | null>(null);
  const sliderId = useId();
  const held = claim.heldCents;
  const buyerCents = centsOf(buyer);
  const sellerCents = buyerCents === null ? null : held - buyerCents;

  const setBuyerCents = (cents: number) => {
    setBuyer((cents / 100).toFixed(2));
    if (errors.buyer) setErrors((e) => ({ ...e, buyer: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseDecision(claim, buyer, note);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setConfirming(result.body);
  };

  const send = async () => {
    if (!confirming || decide.isPending) return;
    try {
      const decided = await decide.mutateAsync({ dealId: claim.dealId, claimId: claim.id, body: confirming });
      toast.success('Claim decided', { description: settlementSentence(decided) ?? claim.listingTitle });
      setConfirming(null);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(
        isRuleRefusal(apiError) ? apiError.message : 'The decision could not be saved. Please try again.',
      );
    }
  };

  const presets = [
    { label: `Amount claimed (${money(claim.claimedCents)})`, cents: claim.claimedCents },
    ...(claim.offeredCents !== null
      ? [{ label: `Seller’s offer (${money(claim.offeredCents)})`, cents: claim.offeredCents }]
      : []),
    { label: 'All to the buyer', cents: held },
    { label: 'All to the seller', cents: 0 },
  ];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-lg border border-primary/30 bg-primary-soft/40 p-4"
      aria-label={`Decide the claim on ${claim.listingTitle}`}
    >
      <div className="grid gap-1">
        <h3 className="font-semibold">Decision</h3>
        <p className="text-sm text-muted-foreground">
          Split the {money(held)} held in escrow between the buyer and the seller. Both parties are emailed
          the split and your reason.
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick splits</legend>
        {presets.map((p) => (
          <Button
            key={p.label}
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setBuyerCents(p.cents)}
          >
            {p.label}
          </Button>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor={sliderId} className="text-sm font-medium">
          Split between buyer and seller
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={held}
          step={1}
          value={buyerCents === null ? 0 : Math.min(Math.max(buyerCents, 0), held)}
          onChange={(e) => setBuyerCents(Number(e.target.value))}
          aria-valuetext={
            buyerCents === null
              ? 'Not chosen'
              : `${money(buyerCents)} to the buyer, ${money(Math.max(0, held - buyerCents))} to the seller`
          }
          className="w-full accent-primary"
        />
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>All to the seller</span>
          <span>All to the buyer</span>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Refund to the buyer (USD)" error={errors.buyer} hint={`From $0 to ${money(held)}.`}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={held / 100}
            step={0.01}
            value={buyer}
            onChange={(e) => {
              setBuyer(e.target.value);
              if (errors.buyer) setErrors((x) => ({ ...x, buyer: undefined }));
            }}
            placeholder="0.00"
            className="tabular"
          />
        </FormField>
        <div className="grid content-start gap-2">
          <p className="text-sm leading-none font-medium">Paid to the seller</p>
          <output
            className="flex h-10 items-center rounded-md border bg-muted px-3 text-sm tabular"
            aria-live="polite"
          >
            {sellerCents === null ? '—' : sellerCents < 0 ? 'More than is held' : money(sellerCents)}
          </output>
          <p className="text-[0.8125rem] text-muted-foreground">What is held, less the buyer’s refund.</p>
        </div>
      </div>
      <FormField label="Reason for the decision" error={errors.note} hint="Both parties read it.">
        <Textarea
          rows={3}
          value={note}
          maxLength={CLAIM_LIMITS.noteMax}
          onChange={(e) => {
            setNote(e.target.value);
            if (errors.note) setErrors((x) => ({ ...x, note: undefined }));
          }}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={decide.isPending}>
          Decide Claim
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Decide the claim?"
        description={
          confirming
            ? `${money(confirming.buyerRefundCents)} is refunded to the buyer and ${money(confirming.sellerPayoutCents)} is paid to the seller. This settles the claim and cannot be undone.`
            : ''
        }
        confirmLabel="Decide Claim"
        busyLabel="Deciding..."
        isBusy={decide.isPending}
        destructive={false}
        onConfirm={() => void send()}
      />
    </form>
  );
}
