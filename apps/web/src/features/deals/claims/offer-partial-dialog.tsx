import { CLAIM_LIMITS, CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import {
  type AnswerClaimBody,
  AnswerClaimBodySchema,
  type ClaimDetail,
} from '@app/shared/deals/deal-claims.schemas';
import { checkAmount } from '@app/shared/money/money';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import {
  ClaimFormDialog,
  type FieldErrors,
  type Parsed,
  type SellerAnswerDialogProps,
  useClaimForm,
} from './claim-form-dialog';
import { money } from './claim-labels';

type OfferForm = { amount: string; note: string };
const EMPTY: OfferForm = { amount: '', note: '' };

/**
 * The seller's offer as the API takes it, or what is wrong with each field: an amount in dollars,
 * above 0 and below the amount claimed (accepting the claim pays it in full), and an optional note.
 */
export function parseOffer(
  claim: Pick<ClaimDetail, 'claimedCents'>,
  { amount, note }: OfferForm,
): Parsed<OfferForm, AnswerClaimBody> {
  const checked = checkAmount(amount);
  if (amount.trim() === '' || (checked.ok && checked.cents === 0))
    return { ok: false, errors: { amount: CLAIM_MESSAGES.offerAboveZero } };
  if (!checked.ok) return { ok: false, errors: { amount: checked.message } };
  if (checked.cents >= claim.claimedCents)
    return { ok: false, errors: { amount: CLAIM_MESSAGES.offerBelowClaimed } };
  const parsed = AnswerClaimBodySchema.safeParse({ answer: 'offer', offeredCents: checked.cents, note });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors<OfferForm> = {};
  for (const issue of parsed.error.issues)
    errors[issue.path[0] === 'note' ? 'note' : 'amount'] ??= issue.message;
  return { ok: false, errors };
}

/** "Offer Partial Amount": part of the amount claimed, and a note for the buyer. */
export function OfferPartialDialog({ claim, open, onOpenChange, isBusy, onSubmit }: SellerAnswerDialogProps) {
  const { form, errors, change, submit } = useClaimForm({
    open,
    empty: EMPTY,
    parse: (f: OfferForm) => parseOffer(claim, f),
    busy: isBusy,
    onValid: onSubmit,
  });
  return (
    <ClaimFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Offer a partial amount"
      description={`The buyer claimed ${money(claim.claimedCents)} of the ${money(claim.heldCents)} held in escrow. Offer less; the buyer accepts your offer or escalates the claim to Recytrade.`}
      onSubmit={submit}
      busy={isBusy}
      submitLabel="Send Offer"
      busyLabel="Sending..."
    >
      <FormField
        label="Amount offered (USD)"
        error={errors.amount}
        hint={`More than $0 and less than ${money(claim.claimedCents)}.`}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={form.amount}
          onChange={(e) => change('amount', e.target.value)}
          placeholder="0.00"
          className="tabular"
          disabled={isBusy}
        />
      </FormField>
      <FormField label="Note to the buyer (optional)" error={errors.note}>
        <Textarea
          rows={3}
          value={form.note}
          maxLength={CLAIM_LIMITS.noteMax}
          onChange={(e) => change('note', e.target.value)}
          disabled={isBusy}
        />
      </FormField>
    </ClaimFormDialog>
  );
}
