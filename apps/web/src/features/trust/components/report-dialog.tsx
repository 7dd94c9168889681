import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from '@app/shared/trust/trust-rules';
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
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useCreateReport } from '../api/reports';

export type ReportTarget = { targetType: ReportTargetType; targetId: string; noun: string };

type ReportDialogProps = { target: ReportTarget; open: boolean; onOpenChange: (open: boolean) => void };

/** "Report this listing": a reason from the fixed list and an optional note; an administrator reviews it. */
export function ReportDialog({ target, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateReport();

  // Each opening starts clean.
  useEffect(() => {
    if (!open) {
      setReason('');
      setNote('');
      setError(undefined);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!reason) {
      setError(TRUST_MESSAGES.reasonRequired);
      return;
    }
    try {
      await create.mutateAsync({
        targetType: target.targetType,
        targetId: target.targetId,
        reason,
        note: note.trim() || undefined,
      });
      toast.success(TRUST_MESSAGES.reportSent);
      onOpenChange(false);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report this {target.noun}</DialogTitle>
            <DialogDescription>
              An administrator reviews every report. The trader is not told who reported them.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={error}>
            <Select
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as ReportReason);
                setError(undefined);
              }}
            >
              <option value="">Choose a reason</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REPORT_REASON_LABELS[r]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="What happened (optional)"
            hint={`At most ${TRUST_LIMITS.reportNoteMax} characters.`}
          >
            <Textarea
              rows={4}
              value={note}
              maxLength={TRUST_LIMITS.reportNoteMax}
              onChange={(e) => setNote(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Sending...' : 'Send Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
