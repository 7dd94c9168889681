import {
  DEAL_CONSTANTS,
  DEAL_MESSAGES,
  type Deal,
  EscrowErrorDetailsSchema,
  type FundEscrowResult,
  type PaymentMethod,
  percentToBps,
  settlementBreakdown,
} from '@app/shared/deals/deals.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatPercent, formatUsd } from '@/lib/format';
import { openPaymentTab } from '@/lib/payment-tab';
import { usePricing } from '@/lib/pricing';
import { useFundEscrow } from '../api/fund-escrow';
import { usePaymentMethods } from '../api/get-payment-methods';
import { escrowHostOf } from '../utils/deal-labels';
import { escrowCheckoutWatch } from '../utils/deal-payment-watch';
import { MoneyBreakdown } from './money-breakdown';

type FundEscrowDialogProps = {
  deal: Deal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An escrow transaction or wire instructions to show next (a checkout opens in a new tab instead). */
  onResult: (result: Exclude<FundEscrowResult, { kind: 'checkout' }>) => void;
};

/** The buyer picks a payment method; the breakdown shows the value, the commission, the fee and the total. */
export function FundEscrowDialog({ deal, open, onOpenChange, onResult }: FundEscrowDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open ? <FundEscrowForm deal={deal} onClose={() => onOpenChange(false)} onResult={onResult} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const SUBMIT_LABELS: Record<string, { idle: string; busy: string }> = {
  card: { idle: 'Continue to Payment', busy: 'Opening checkout...' },
  klarna: { idle: 'Continue with Klarna', busy: 'Opening checkout...' },
  escrow_wire: { idle: 'Create Escrow Transaction', busy: 'Creating transaction...' },
  wire: { idle: 'Get Wire Instructions', busy: 'Creating reference...' },
};

function FundEscrowForm({
  deal,
  onClose,
  onResult,
}: {
  deal: Deal;
  onClose: () => void;
  onResult: FundEscrowDialogProps['onResult'];
}) {
  const fund = useFundEscrow();
  const queryClient = useQueryClient();
  const canIncludeCommission = deal.commissionCents > 0 && !deal.commission.settled;
  const [includeCommission, setIncludeCommission] = useState(canIncludeCommission);
  const [picked, setPicked] = useState<string | null>(null);
  const busy = fund.isPending;

  const baseCents = deal.dealValueCents + (includeCommission ? deal.commissionCents : 0);
  const methods = usePaymentMethods(baseCents);
  const list = methods.data ?? [];
  const method = list.find((m) => m.type === picked) ?? list[0];
  const pricing = usePricing();
  const wireFeeBps = method?.type === 'wire' ? (pricing.data?.wireProcessingFeeBps ?? null) : null;
  const breakdown = settlementBreakdown({
    dealValueCents: deal.dealValueCents,
    commissionCents: deal.commissionCents,
    includeCommission,
    methodFeeBps: method ? percentToBps(method.processingFeePercentage) : 0,
    wireProcessingFeeBps: wireFeeBps,
  });
  const labels = SUBMIT_LABELS[method?.type ?? 'card'] ?? { idle: 'Continue', busy: 'Working...' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !method) return;
    // Card and Klarna pay on the provider's page: its tab opens now, within the click.
    const tab = method.type === 'card' || method.type === 'klarna' ? openPaymentTab() : null;
    try {
      const result = await fund.mutateAsync({
        dealId: deal.id,
        body: { method: method.type, includeCommission },
      });
      if (result.kind === 'checkout') {
        (tab ?? openPaymentTab()).go(escrowCheckoutWatch(queryClient, deal, result.url));
        onClose();
        return;
      }
      tab?.discard();
      onClose();
      onResult(result);
    } catch (error) {
      tab?.discard();
      const { message, details } = parseApiError(error);
      if (method.type === 'escrow_wire') {
        // A provider failure names its host and what the error means; other refusals keep their message.
        const provider = EscrowErrorDetailsSchema.safeParse(details);
        const host = provider.success ? provider.data.host : escrowHostOf(deal.escrowPayment?.escrowUrl);
        toast.error(`${host} Error`, { description: provider.success ? provider.data.meaning : message });
      } else {
        toast.error(DEAL_MESSAGES.paymentErrorTitle, { description: message });
      }
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Fund Escrow</DialogTitle>
        <DialogDescription>
          Pay for {deal.listingTitle}. The money is held in escrow and released to the seller when the deal is
          completed.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_17rem] md:items-start">
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-2 text-sm font-medium">Payment method</legend>
          {methods.isPending ? (
            <ListSkeleton label="Loading payment methods" labelAsText rows={3} itemClassName="h-16 w-full" />
          ) : methods.isError ? (
            <Alert variant="destructive">
              <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
                {DEAL_MESSAGES.loadPaymentMethodsFailed}
                <Button size="sm" variant="outline" onClick={() => void methods.refetch()}>
                  Try Again
                </Button>
              </AlertDescription>
            </Alert>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payment method is available for this deal.</p>
          ) : (
            list.map((m) => (
              <PaymentMethodOption
                key={m.id}
                method={m}
                checked={m.type === method?.type}
                onSelect={() => setPicked(m.type)}
              />
            ))
          )}
          {!methods.isPending && baseCents <= DEAL_CONSTANTS.cardOnlyMaxCents && list.length > 0 ? (
            <p className="text-xs text-muted-foreground">Totals of $50 or less can only be paid by card.</p>
          ) : null}
        </fieldset>
        <div className="grid gap-4">
          {canIncludeCommission ? (
            <label className="flex items-start gap-3 rounded-lg border p-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={includeCommission}
                onChange={(e) => setIncludeCommission(e.target.checked)}
                disabled={busy}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">Pay the platform commission now</span>
                <span className="text-muted-foreground">
                  Adds the {bpsToPercent(deal.commissionRateBps)}% commission (
                  {formatUsd(deal.commissionCents, { alwaysCents: true })}) to this payment. Otherwise it is
                  deducted from the seller's payout when the escrow is released.
                </span>
              </span>
            </label>
          ) : null}

          <MoneyBreakdown
            lines={[
              { label: 'Deal value', cents: breakdown.dealValueCents },
              ...(includeCommission
                ? [
                    {
                      label: `Platform commission (${bpsToPercent(deal.commissionRateBps)}%)`,
                      cents: breakdown.commissionCents,
                      muted: true,
                    },
                  ]
                : []),
              {
                label: `Processing fee (${formatPercent(method?.processingFeePercentage ?? 0)})`,
                cents: breakdown.feeCents,
                muted: true,
              },
            ]}
            total={{ label: 'Total to pay', cents: breakdown.totalCents }}
          />
          {breakdown.wireFeeCents > 0 || breakdown.commissionFromSellerCents > 0 ? (
            <MoneyBreakdown
              className="mt-3"
              lines={[
                { label: 'Deal value', cents: breakdown.dealValueCents },
                ...(breakdown.wireFeeCents > 0
                  ? [
                      {
                        label: `Wire processing fee (${bpsToPercent(wireFeeBps ?? 0)}%), borne by the seller`,
                        cents: -breakdown.wireFeeCents,
                        muted: true,
                      },
                    ]
                  : []),
                ...(breakdown.commissionFromSellerCents > 0
                  ? [
                      {
                        label: `Platform commission (${bpsToPercent(deal.commissionRateBps)}%), deducted at release`,
                        cents: -breakdown.commissionFromSellerCents,
                        muted: true,
                      },
                    ]
                  : []),
              ]}
              total={{ label: 'Seller receives at release', cents: breakdown.sellerReceivesCents }}
            />
          ) : null}
        </div>
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !method}>
          {busy ? labels.busy : labels.idle}
        </Button>
      </DialogFooter>
    </form>
  );
}

function PaymentMethodOption({
  method,
  checked,
  onSelect,
}: {
  method: PaymentMethod;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
      )}
    >
      <input
        type="radio"
        name="payment-method"
        value={method.type}
        checked={checked}
        onChange={onSelect}
        className="mt-1 size-4 accent-primary"
      />
      <span className="grid flex-1 gap-0.5">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-sm font-semibold">{method.name}</span>
          <span className="tabular text-xs text-muted-foreground">
            {method.processingFeePercentage > 0
              ? `${formatPercent(method.processingFeePercentage)} fee`
              : 'No fee'}
          </span>
        </span>
        <span className="text-sm text-muted-foreground">{method.description}</span>
      </span>
    </label>
  );
}
