import type { FundEscrowResult } from '@app/shared/deals/deals.schemas';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatUsd } from '@/lib/format';
import { useCopy } from '../hooks/use-copy';
import { CopyRow } from './copy-button';
import { fundingLines, MoneyBreakdown } from './money-breakdown';

export type WireResult = Extract<FundEscrowResult, { kind: 'wire' }>;

/** The plain wire's instructions: the reference to quote, the amount and our bank details. */
export function WireInstructionsDialog({
  result,
  onClose,
}: {
  result: WireResult | null;
  onClose: () => void;
}) {
  const { copied, copy } = useCopy();
  const amount = result ? formatUsd(result.amountCents, { alwaysCents: true }) : '';
  const row = (key: string, label: string, value: string, mono = false) => (
    <CopyRow
      key={key}
      label={label}
      value={value}
      mono={mono}
      copied={copied === key}
      onCopy={() => void copy(key, value)}
    />
  );

  return (
    <Dialog open={result !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle>Wire Transfer Instructions</DialogTitle>
              <DialogDescription>
                Send {amount} by bank wire and quote the reference number, so we can match your transfer to
                this deal.
              </DialogDescription>
            </DialogHeader>
            <dl className="grid rounded-lg border px-4 sm:grid-cols-2 sm:gap-x-6 [&>div]:border-b [&>div:last-child]:border-b-0 sm:[&>div:nth-last-child(2)]:border-b-0">
              {row('reference', 'Reference number', result.referenceNumber, true)}
              {row('amount', `Amount (${result.currency.toUpperCase()})`, amount)}
              {row('bank', 'Bank name', result.bankDetails.bankName)}
              {row('account-name', 'Account name', result.bankDetails.accountName)}
              {row('account-number', 'Account number', result.bankDetails.accountNumber, true)}
              {row('swift', 'SWIFT code', result.bankDetails.swiftCode, true)}
            </dl>
            <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
              <MoneyBreakdown
                lines={fundingLines(result.breakdown)}
                total={{ label: 'Total to transfer', cents: result.breakdown.totalCents }}
              />
              <Alert variant="info">
                <AlertTitle>We have emailed you these instructions</AlertTitle>
                <AlertDescription>
                  Your transfer awaits verification by our team once it arrives (usually 1-3 business days).
                  The deal moves to escrow as soon as it is verified.
                </AlertDescription>
              </Alert>
            </div>
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
