import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatShortDate, formatUsd } from '@/lib/format';
import { payoutsCsvUrl, usePayouts } from '../api/get-payouts';

const money = (cents: number) => formatUsd(cents, { alwaysCents: true });
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The seller's payout statement for a period: each released deal as the ledger paid it, and a CSV. */
export function PayoutStatementDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        {open ? <Statement onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Statement({ onClose }: { onClose: () => void }) {
  const now = new Date();
  const [from, setFrom] = useState(isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))));
  const [to, setTo] = useState(isoDay(now));
  const period = { from, to };
  const valid = Boolean(from && to && from <= to);
  const payouts = usePayouts(period, { enabled: valid });
  const data = payouts.data;

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Payout Statement</DialogTitle>
        <DialogDescription>
          What you were paid as a seller for deals released in the period, with the fees and commission taken
          from each, as the books record them.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="From">
          <Input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label="To" error={valid ? undefined : 'The period must end on or after its first day'}>
          <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>
      {!valid ? null : !data ? (
        <div aria-busy="true" className="grid gap-2">
          <span className="sr-only">Loading the statement</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : data.lines.length === 0 ? (
        <EmptyState
          icon={FileSpreadsheet}
          title="No payouts in this period"
          description="Deals you sold appear here once their escrow is released to you."
        />
      ) : (
        <Table aria-label="Payouts">
          <TableHeader>
            <TableRow>
              <TableHead>Released</TableHead>
              <TableHead>Deal</TableHead>
              <TableHead className="text-right">Deal value</TableHead>
              <TableHead className="text-right">Fees</TableHead>
              <TableHead className="text-right">Commission</TableHead>
              <TableHead className="text-right">Paid out</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.lines.map((line) => (
              <TableRow key={line.dealId}>
                <TableCell className="whitespace-nowrap">{formatShortDate(line.releasedAt)}</TableCell>
                <TableCell className="min-w-44">
                  <span className="font-medium">{line.listingTitle}</span>
                  <span className="block text-xs text-muted-foreground">{line.buyer}</span>
                </TableCell>
                <TableCell className="tabular text-right">{money(line.dealValueCents)}</TableCell>
                <TableCell className="tabular text-right">{money(line.feesCents)}</TableCell>
                <TableCell className="tabular text-right">{money(line.commissionCents)}</TableCell>
                <TableCell className="tabular text-right font-semibold">{money(line.paidOutCents)}</TableCell>
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell colSpan={2}>Total</TableCell>
              <TableCell className="tabular text-right">{money(data.totals.dealValueCents)}</TableCell>
              <TableCell className="tabular text-right">{money(data.totals.feesCents)}</TableCell>
              <TableCell className="tabular text-right">{money(data.totals.commissionCents)}</TableCell>
              <TableCell className="tabular text-right">{money(data.totals.paidOutCents)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {valid ? (
          <Button asChild>
            <a href={payoutsCsvUrl(period)} download>
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}
