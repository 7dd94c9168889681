import type { AnswerClaimBody, ClaimDetail } from '@app/shared/deals/deal-claims.schemas';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** The seller's answer dialogs (offer, reject): the caller sends the answer and closes the dialog. */
export type SellerAnswerDialogProps = {
  claim: ClaimDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isBusy: boolean;
  onSubmit: (body: AnswerClaimBody) => void;
};

export type FieldErrors<F> = Partial<Record<keyof F, string>>;
export type Parsed<F, B> = { ok: true; body: B } | { ok: false; errors: FieldErrors<F> };

/**
 * The state of a claim step's form: it starts from `empty` at each opening, `parse` (the shared
 * schema and the claim's limits) says what is wrong per field, a field's error goes once it changes,
 * and only a body that parsed reaches `onValid`.
 */
export function useClaimForm<F extends object, B>({
  open,
  empty,
  parse,
  busy,
  onValid,
}: {
  open: boolean;
  /** A constant: the form's fields before anything is typed. */
  empty: F;
  parse: (form: F) => Parsed<F, B>;
  busy: boolean;
  onValid: (body: B) => void | Promise<void>;
}) {
  const [form, setForm] = useState<F>(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  useEffect(() => {
    if (!open) {
      setForm(empty);
      setErrors({});
    }
  }, [open, empty]);

  const change = <K extends keyof F>(field: K, value: F[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = parse(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    void onValid(result.body);
  };

  return { form, errors, change, submit };
}

/** The dialog around a claim step's form: title, what the step does, the fields, Cancel and submit. */
export function ClaimFormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  lockCancel,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  lockCancel?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? 'max-w-xl' : 'max-w-lg'}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFormActions
            onCancel={() => onOpenChange(false)}
            busy={busy}
            submitLabel={submitLabel}
            busyLabel={busyLabel}
            lockCancel={lockCancel}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
