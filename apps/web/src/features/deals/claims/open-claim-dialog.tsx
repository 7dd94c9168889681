import {
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  CLAIM_REASON_LABELS,
  CLAIM_REASONS,
  type ClaimReason,
  claimEvidenceRequired,
} from '@app/shared/deals/claim-rules';
import { type OpenClaimBody, OpenClaimBodySchema } from '@app/shared/deals/deal-claims.schemas';
import type { Deal } from '@app/shared/deals/deals.schemas';
import type { PrivateFileView } from '@app/shared/files/private-files';
import { checkAmount } from '@app/shared/money/money';
import { PrivateFilePicker } from '@/components/private-file-picker';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { formatQuantity, unitPlural } from '@/lib/format';
import { useOpenClaim } from '../api/open-claim';
import { ClaimFormDialog, type FieldErrors, type Parsed, useClaimForm } from './claim-form-dialog';
import { formatDeadline, money } from './claim-labels';

export const CLAIM_REASON_REQUIRED = 'Please choose a reason.';

export type OpenClaimForm = {
  reason: ClaimReason | '';
  quantity: string;
  amount: string;
  evidence: PrivateFileView[];
  note: string;
};
type Field = keyof OpenClaimForm;

const FIELD_OF: Record<string, Field> = {
  reason: 'reason',
  affectedQuantity: 'quantity',
  claimedCents: 'amount',
  evidence: 'evidence',
  note: 'note',
};

/**
 * The claim as the API takes it (`OpenClaimBodySchema`, the amount in integer cents), or what is
 * wrong with each field. The deal's limits the server checks are checked here too, so the buyer
 * learns them before sending: the quantity at most the deal's, the amount at most what escrow holds.
 */
export function parseOpenClaim(
  deal: Pick<Deal, 'escrowHeldCents' | 'quantity'>,
  form: OpenClaimForm,
): Parsed<OpenClaimForm, OpenClaimBody> {
  const errors: FieldErrors<OpenClaimForm> = {};
  if (form.reason === '') errors.reason = CLAIM_REASON_REQUIRED;
  const quantity = form.quantity.trim() === '' ? 0 : Number(form.quantity);
  if (!(quantity > 0)) errors.quantity = CLAIM_MESSAGES.quantityAboveZero;
  else if (deal.quantity !== null && quantity > deal.quantity)
    errors.quantity = CLAIM_MESSAGES.quantityAboveDeal;
  const amount = checkAmount(form.amount);
  const cents = amount.ok ? amount.cents : 0;
  if (form.amount.trim() === '' || (amount.ok && cents === 0))
    errors.amount = CLAIM_MESSAGES.claimedAboveZero;
  else if (!amount.ok) errors.amount = amount.message;
  else if (cents > deal.escrowHeldCents) errors.amount = CLAIM_MESSAGES.claimedAboveHeld;
  const parsed = OpenClaimBodySchema.safeParse({
    reason: form.reason || 'other',
    affectedQuantity: quantity,
    claimedCents: cents,
    evidence: form.evidence.map((f) => f.id),
    note: form.note,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'note';
      errors[field] ??= issue.message;
    }
  // Without a reason the schema judged the evidence for "other": judge it again once one is chosen.
  if (form.reason === '') delete errors.evidence;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

const EMPTY: OpenClaimForm = { reason: '', quantity: '', amount: '', evidence: [], note: '' };

const FIELD_LABELS: Record<Field, string> = {
  reason: 'reason',
  quantity: 'affected quantity',
  amount: 'amount claimed',
  evidence: 'photos and documents',
  note: 'note',
};

type OpenClaimDialogProps = { deal: Deal; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * "Open a Claim": the buyer names what is wrong with the delivery, how much of it, the amount claimed
 * from the escrow and the evidence. The escrow stays frozen until the claim is settled or withdrawn.
 */
export function OpenClaimDialog({ deal, open, onOpenChange }: OpenClaimDialogProps) {
  const openClaim = useOpenClaim();
  const busy = openClaim.isPending;
  const { form, errors, change, submit } = useClaimForm({
    open,
    empty: EMPTY,
    parse: (f: OpenClaimForm) => parseOpenClaim(deal, f),
    busy,
    onValid: async (body: OpenClaimBody) => {
      try {
        const claim = await openClaim.mutateAsync({ dealId: deal.id, body });
        toast.success('Claim opened', {
          description: `The seller has until ${formatDeadline(claim.answerDueAt)} to answer.`,
        });
        onOpenChange(false);
      } catch (error) {
        const apiError = parseApiError(error);
        toast.error(
          isRuleRefusal(apiError) ? apiError.message : 'The claim could not be opened. Please try again.',
        );
      }
    },
  });

  const unit = deal.unit;
  const evidenceRequired = form.reason === '' || claimEvidenceRequired(form.reason);
  const invalid = (Object.keys(errors) as Field[]).filter((f) => errors[f]);
  return (
    <ClaimFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Open a claim"
      description={`Tell the seller what is wrong with the delivery of ${deal.listingTitle}. The escrow stays frozen while the claim is open: the seller accepts it, offers part of the amount or rejects it with evidence, and Recytrade decides if you cannot agree.`}
      onSubmit={submit}
      busy={busy}
      submitLabel="Open Claim"
      busyLabel="Opening..."
      lockCancel
      wide
    >
      <FormField label="Reason" error={errors.reason}>
        <Select
          value={form.reason}
          onChange={(e) => change('reason', e.target.value as ClaimReason)}
          disabled={busy}
        >
          <option value="">Choose a reason</option>
          {CLAIM_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CLAIM_REASON_LABELS[reason]}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={unit ? `Affected quantity (${unitPlural(unit)})` : 'Affected quantity'}
          error={errors.quantity}
          hint={
            deal.quantity !== null && unit
              ? `At most ${formatQuantity(deal.quantity, unit)}, the deal’s quantity.`
              : undefined
          }
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={deal.quantity ?? undefined}
            step="any"
            value={form.quantity}
            onChange={(e) => change('quantity', e.target.value)}
            className="tabular"
            disabled={busy}
          />
        </FormField>
        <FormField
          label="Amount claimed (USD)"
          error={errors.amount}
          hint={`At most ${money(deal.escrowHeldCents)}, what the escrow holds.`}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0.01}
            max={deal.escrowHeldCents / 100}
            step={0.01}
            value={form.amount}
            onChange={(e) => change('amount', e.target.value)}
            placeholder="0.00"
            className="tabular"
            disabled={busy}
          />
        </FormField>
      </div>
      <PrivateFilePicker
        purpose="claim-evidence"
        files={form.evidence}
        onChange={(files) => change('evidence', files)}
        max={CLAIM_LIMITS.evidenceMax}
        label={evidenceRequired ? 'Photos and documents' : 'Photos and documents (optional)'}
        hint={
          evidenceRequired
            ? 'Photos of the material, the weighbridge slip, an inspection report: images or PDF. Only the seller and Recytrade can open them.'
            : 'Nothing to photograph when the goods did not arrive; add a carrier’s note if you have one.'
        }
        disabled={busy}
        error={errors.evidence}
      />
      <FormField label="What is wrong (optional)" error={errors.note}>
        <Textarea
          rows={3}
          value={form.note}
          maxLength={CLAIM_LIMITS.noteMax}
          onChange={(e) => change('note', e.target.value)}
          disabled={busy}
        />
      </FormField>
      {invalid.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Please check the {invalid.map((f) => FIELD_LABELS[f]).join(', ')}.
        </p>
      ) : null}
    </ClaimFormDialog>
  );
}
