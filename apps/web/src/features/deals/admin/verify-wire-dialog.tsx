import { AdminWireActionBodySchema, DEAL_CONSTANTS, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { CheckCircle2, CircleAlert, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import type { WireTransfer } from '../api/get-admin-wire-transfers';
import { useWireTransferAction } from '../api/wire-transfer-action';
import { formatWireAmount } from './wire-transfer-parts';

const errorMessage = (error: unknown, fallback: string) => {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? fallback : apiError.message;
};

/**
 * Verify a wire transfer with optional notes. Once verified, the dialog shows whether the processing
 * fee and the commission were booked, with a retry for either that was not.
 */
export function VerifyWireDialog({
  wire: initial,
  onClose,
}: {
  wire: WireTransfer | null;
  onClose: () => void;
}) {
  const action = useWireTransferAction();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  // The server's latest answer for this transfer (verify, then any retry) wins over the list's copy.
  const [latest, setLatest] = useState<WireTransfer | null>(null);
  const open = initial !== null;
  const wire = latest && latest.id === initial?.id ? latest : initial;

  useEffect(() => {
    if (!open) {
      setNotes('');
      setError(undefined);
      setLatest(null);
    }
  }, [open]);

  const submit = async () => {
    if (!wire || action.isPending) return;
    const parsed = AdminWireActionBodySchema.safeParse({ adminNotes: notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const updated = await action.mutateAsync({
        id: wire.id,
        action: 'verify',
        adminNotes: parsed.data.adminNotes || undefined,
      });
      setLatest(updated);
      toast.success('Wire transfer verified', {
        description: `${wire.referenceNumber}: ${formatWireAmount(wire)} is now held in escrow.`,
      });
    } catch (err) {
      toast.error(errorMessage(err, DEAL_MESSAGES.verifyWireFailed));
    }
  };

  const verified = wire?.status === 'verified';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{verified ? 'Wire transfer verified' : 'Verify wire transfer'}</DialogTitle>
          <DialogDescription>
            {wire ? (
              <>
                <span className="font-mono font-semibold text-foreground">{wire.referenceNumber}</span> ·{' '}
                <span className="tabular">{formatWireAmount(wire)}</span>
                {wire.userEmail ? <> from {wire.userEmail}</> : null}
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {wire && verified ? (
          <FeeTransfers wire={wire} onUpdated={setLatest} onClose={onClose} />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <p className="text-sm text-muted-foreground">
              Verify only once the money is on the platform's bank account. The amount goes into escrow for
              the deal, then the processing fee and any commission are booked.
            </p>
            <FormField label="Admin notes (optional)" error={error}>
              <Textarea
                value={notes}
                maxLength={DEAL_CONSTANTS.adminNotesMax}
                onChange={(event) => {
                  setNotes(event.target.value);
                  if (error) setError(undefined);
                }}
              />
            </FormField>
            <DialogFormActions
              onCancel={onClose}
              busy={action.isPending}
              submitLabel="Verify Transfer"
              busyLabel="Verifying..."
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Whether each fee booking happened, with a retry for a failed one. */
export function FeeTransfers({
  wire,
  onUpdated,
  onClose,
}: {
  wire: WireTransfer;
  onUpdated?: (wire: WireTransfer) => void;
  onClose?: () => void;
}) {
  const retry = useWireTransferAction();
  const rows: {
    key: 'transfer-processing-fee' | 'transfer-commission';
    label: string;
    cents: number;
    done: boolean;
  }[] = [
    {
      key: 'transfer-processing-fee',
      label: 'Processing fee',
      cents: wire.processingFeeCents,
      done: wire.processingFeeTransferred,
    },
  ];
  if (wire.paymentType === 'deal_escrow' && wire.commissionCents > 0 && !wire.returnedToBuyer) {
    rows.push({
      key: 'transfer-commission',
      label: 'Commission',
      cents: wire.commissionCents,
      done: wire.commissionTransferred,
    });
  }
  const runRetry = async (key: (typeof rows)[number]['key'], label: string) => {
    try {
      const updated = await retry.mutateAsync({ id: wire.id, action: key });
      onUpdated?.(updated);
      const booked =
        key === 'transfer-processing-fee' ? updated.processingFeeTransferred : updated.commissionTransferred;
      if (booked) toast.success(`${label} booked`);
      else toast.error(`${label} could not be booked. Please try again.`);
    } catch (err) {
      toast.error(errorMessage(err, `${label} could not be booked. Please try again.`));
    }
  };
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2" aria-label="Fee transfers">
        {rows.map((row) => (
          <li
            key={row.key}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-surface px-3 py-2.5"
          >
            <span className="flex items-center gap-2 text-sm">
              {row.done ? (
                <CheckCircle2 className="size-4 text-success" aria-hidden />
              ) : (
                <CircleAlert className="size-4 text-destructive" aria-hidden />
              )}
              <span>
                <span className="font-medium">{row.label}</span>{' '}
                <span className="tabular text-muted-foreground">
                  {formatUsd(row.cents, { alwaysCents: true })}
                </span>
                <span className="sr-only">:</span>{' '}
                <span className={row.done ? 'text-success-soft-foreground' : 'text-destructive'}>
                  {row.done ? 'Booked' : 'Not booked'}
                </span>
              </span>
            </span>
            {row.done ? null : (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                onClick={() => void runRetry(row.key, row.label)}
              >
                <RotateCcw aria-hidden />
                {retry.isPending && retry.variables?.action === row.key
                  ? 'Retrying...'
                  : `Retry ${row.label}`}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {onClose ? (
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      ) : null}
    </div>
  );
}
