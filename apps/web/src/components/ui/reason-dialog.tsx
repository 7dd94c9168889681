import { type ReactNode, useEffect, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { FormField } from './form-field';
import { Textarea } from './input';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  fieldLabel: string;
  submitLabel: string;
  /** Shown on the submit button while the action runs, e.g. "Rejecting...". */
  busyLabel: string;
  isBusy?: boolean;
  /** The inline error when no usable reason was given. */
  requiredMessage: string;
  maxLength?: number;
  /**
   * Cleans the reason the way the API will (e.g. a shared schema) and returns it, or undefined when
   * nothing usable is left. Defaults to trimming.
   */
  parseReason?: (reason: string) => string | undefined;
  /** Receives the cleaned reason; the caller runs the action, reports the outcome and closes the dialog. */
  onSubmit: (reason: string) => void;
};

const trimmedReason = (reason: string) => reason.trim() || undefined;

/** Asks for the reason behind an action (reject, remove); the reason is required and starts empty each time. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  fieldLabel,
  submitLabel,
  busyLabel,
  isBusy = false,
  requiredMessage,
  maxLength = 1000,
  parseReason = trimmedReason,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  // However the dialog closes (Cancel, Escape, the caller after success), the next one starts clean.
  useEffect(() => {
    if (!open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);

  const submit = () => {
    if (isBusy) return;
    const parsed = parseReason(reason);
    if (parsed === undefined) {
      setError(requiredMessage);
      return;
    }
    onSubmit(parsed);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label={fieldLabel} error={error}>
            <Textarea
              value={reason}
              maxLength={maxLength}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isBusy}>
              {isBusy ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
