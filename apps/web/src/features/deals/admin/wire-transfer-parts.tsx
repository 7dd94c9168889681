import { DEAL_CONSTANTS, type WireTransferStatus } from '@app/shared/deals/deals.schemas';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { capitalize, formatUsd } from '@/lib/format';
import type { Deal } from '../api/get-admin-deals';
import type { WireTransfer } from '../api/get-admin-wire-transfers';

const STATUS_VARIANT = {
  pending: 'warning',
  received: 'info',
  verified: 'success',
  failed: 'destructive',
} as const satisfies Record<WireTransferStatus, string>;

export function WireStatusBadge({ status }: { status: WireTransferStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{capitalize(status)}</Badge>;
}

/** Cents with the transfer's currency: "$12,360.00 USD". */
export const formatWireAmount = (wire: Pick<WireTransfer, 'amountCents' | 'currency'>) =>
  `${formatUsd(wire.amountCents, { alwaysCents: true })} ${wire.currency.toUpperCase()}`;

/** The reference in monospace with a copy button; the button shows a tick for two seconds. */
export function WireReference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), DEAL_CONSTANTS.copiedResetMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      toast.success('Reference copied');
    } catch {
      toast.error('Could not copy the reference');
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] font-semibold whitespace-nowrap text-foreground">
        {reference}
      </code>
      <Button
        variant="ghost"
        size="sm"
        className="size-8 px-0"
        onClick={() => void copy()}
        aria-label={copied ? `Reference ${reference} copied` : `Copy reference ${reference}`}
      >
        {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </span>
  );
}

/** The deal a wire funds: its listing, value and status; a plain id when the deal is not known here. */
export function WireDeal({ wire, deal }: { wire: WireTransfer; deal: Deal | undefined }) {
  if (!wire.relatedId) return <span className="text-muted-foreground">—</span>;
  if (!deal) {
    return (
      <span className="font-mono text-xs text-muted-foreground" title={wire.relatedId}>
        Deal {wire.relatedId.slice(0, 8)}
      </span>
    );
  }
  return (
    <span className="grid gap-0.5">
      <Link
        to={paths.listing(deal.listingId)}
        className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
      >
        {deal.listingTitle}
      </Link>
      <span className="tabular text-xs text-muted-foreground">
        Deal {formatUsd(deal.dealValueCents, { alwaysCents: true })} ·{' '}
        {capitalize(deal.status.replace('_', ' '))}
      </span>
    </span>
  );
}
