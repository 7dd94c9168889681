import { CLAIM_LIMITS } from '@app/shared/deals/claim-rules';
import { type AnswerClaimBody, AnswerClaimBodySchema } from '@app/shared/deals/deal-claims.schemas';
import type { PrivateFileView } from '@app/shared/files/private-files';
import { PrivateFilePicker } from '@/components/private-file-picker';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import {
  ClaimFormDialog,
  type FieldErrors,
  type Parsed,
  type SellerAnswerDialogProps,
  useClaimForm,
} from './claim-form-dialog';
import { money } from './claim-labels';

export const REJECTION_NOTE_REQUIRED = 'Please say why you reject the claim.';

type RejectionForm = { evidence: PrivateFileView[]; note: string };
const EMPTY: RejectionForm = { evidence: [], note: '' };

/** The seller's rejection as the API takes it: their own evidence and, on the card, a reason. */
export function parseRejection({ evidence, note }: RejectionForm): Parsed<RejectionForm, AnswerClaimBody> {
  const errors: FieldErrors<RejectionForm> = {};
  const parsed = AnswerClaimBodySchema.safeParse({
    answer: 'reject',
    evidence: evidence.map((f) => f.id),
    note,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      errors[issue.path[0] === 'note' ? 'note' : 'evidence'] ??= issue.message;
  // The API lets the note be empty; a rejection without a word is no answer to give a buyer.
  if (note.trim() === '') errors.note ??= REJECTION_NOTE_REQUIRED;
  if (errors.evidence || errors.note || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** "Reject Claim": the seller's evidence (weighbridge slip, photos at loading) and why. */
export function RejectClaimDialog({ claim, open, onOpenChange, isBusy, onSubmit }: SellerAnswerDialogProps) {
  const { form, errors, change, submit } = useClaimForm({
    open,
    empty: EMPTY,
    parse: parseRejection,
    busy: isBusy,
    onValid: onSubmit,
  });
  return (
    <ClaimFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject the claim"
      description={`The buyer claims ${money(claim.claimedCents)}. Show why the goods were as agreed: the buyer can then escalate the claim to Recytrade, who weighs both sides’ evidence, or withdraw it.`}
      onSubmit={submit}
      busy={isBusy}
      submitLabel="Reject Claim"
      busyLabel="Rejecting..."
    >
      <PrivateFilePicker
        purpose="claim-evidence"
        files={form.evidence}
        onChange={(files) => change('evidence', files)}
        max={CLAIM_LIMITS.evidenceMax}
        label="Your evidence"
        hint="Weighbridge slips, inspection reports, photos at loading: images or PDF. Only the buyer and Recytrade can open them."
        disabled={isBusy}
        error={errors.evidence}
      />
      <FormField label="Why you reject the claim" error={errors.note}>
        <Textarea
          rows={4}
          value={form.note}
          maxLength={CLAIM_LIMITS.noteMax}
          onChange={(e) => change('note', e.target.value)}
          disabled={isBusy}
        />
      </FormField>
    </ClaimFormDialog>
  );
}
