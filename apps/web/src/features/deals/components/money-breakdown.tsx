import type { FundingBreakdown } from '@app/shared/deals/deals.schemas';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';

export type BreakdownLine = { label: ReactNode; cents: number; muted?: boolean };

/** The lines of a funding the buyer was asked for: the value, then the commission and fee when charged. */
export function fundingLines(breakdown: FundingBreakdown): BreakdownLine[] {
  return [
    { label: 'Deal value', cents: breakdown.dealValueCents },
    ...(breakdown.commissionCents > 0
      ? [{ label: 'Platform commission', cents: breakdown.commissionCents, muted: true }]
      : []),
    ...(breakdown.feeCents > 0 ? [{ label: 'Processing fee', cents: breakdown.feeCents, muted: true }] : []),
  ];
}

/** Lines of amounts and their total, figures right-aligned in tabular digits. */
export function MoneyBreakdown({
  lines,
  total,
  className,
}: {
  lines: BreakdownLine[];
  total: { label: string; cents: number };
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-1.5 rounded-lg border bg-surface p-4 text-sm', className)}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines
        <div key={index} className="flex items-baseline justify-between gap-4">
          <dt className={cn(line.muted && 'text-muted-foreground')}>{line.label}</dt>
          <dd className="tabular">{formatUsd(line.cents, { alwaysCents: true })}</dd>
        </div>
      ))}
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-2 font-semibold">
        <dt>{total.label}</dt>
        <dd className="tabular text-base">{formatUsd(total.cents, { alwaysCents: true })}</dd>
      </div>
    </dl>
  );
}
