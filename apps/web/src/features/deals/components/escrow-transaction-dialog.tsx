import { DEAL_CONSTANTS, DEAL_MESSAGES, type FundEscrowResult } from '@app/shared/deals/deals.schemas';
import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCopy } from '../hooks/use-copy';
import { CopyRow } from './copy-button';
import { fundingLines, MoneyBreakdown } from './money-breakdown';

export type EscrowTransactionResult = Extract<FundEscrowResult, { kind: 'escrow_transaction' }>;

type EscrowTransactionDialogProps = {
  result: EscrowTransactionResult | null;
  onClose: () => void;
};

/**
 * "Escrow transaction created": the provider's instructions, the amounts and the transaction id. The
 * provider's payment page opens in a new window after 500 ms; the link stays here in case it was blocked.
 */
export function EscrowTransactionDialog({ result, onClose }: EscrowTransactionDialogProps) {
  const { copied, copy } = useCopy();
  const escrowUrl = result?.paymentInstructions.escrowUrl;

  useEffect(() => {
    if (!escrowUrl) return;
    const timer = setTimeout(
      () => window.open(escrowUrl, '_blank', 'noopener,noreferrer'),
      DEAL_CONSTANTS.escrowUrlOpenDelayMs,
    );
    return () => clearTimeout(timer);
  }, [escrowUrl]);

  return (
    <Dialog open={result !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle>{DEAL_MESSAGES.escrowCreatedTitle}</DialogTitle>
              <DialogDescription>
                The escrow service's payment page opens in a new window. Follow its instructions to send the
                money; the deal moves on as soon as the service reports it funded.
              </DialogDescription>
            </DialogHeader>
            <p className="rounded-lg border bg-surface p-4 text-sm leading-relaxed whitespace-pre-line">
              {result.paymentInstructions.instructions}
            </p>
            <MoneyBreakdown
              lines={fundingLines(result.breakdown)}
              total={{ label: 'Amount to send', cents: result.breakdown.totalCents }}
            />
            <dl className="rounded-lg border px-4">
              <CopyRow
                label="Transaction ID"
                value={result.transactionId}
                mono
                copied={copied === 'transaction'}
                onCopy={() => void copy('transaction', result.transactionId)}
              />
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button asChild>
                <a href={result.paymentInstructions.escrowUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  Open Escrow Payment Page
                </a>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
