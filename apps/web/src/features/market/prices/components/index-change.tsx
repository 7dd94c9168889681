import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A percent change told by sign, arrow and words as well as colour: "+2.1%" with an up arrow and
 * "up" for screen readers; "No base" when there was no point to compare with.
 */
export function IndexChange({ percent, period }: { percent: number | null; period: string }) {
  if (percent === null)
    return (
      <span className="text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">No {period} comparison yet</span>
      </span>
    );
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'unchanged';
  const Icon = percent > 0 ? ArrowUpRight : percent < 0 ? ArrowDownRight : ArrowRight;
  return (
    <span
      className={cn(
        'tabular inline-flex items-center gap-0.5 font-medium whitespace-nowrap',
        percent > 0 && 'text-success',
        percent < 0 && 'text-destructive',
        percent === 0 && 'text-muted-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{direction} </span>
      {percent > 0 ? '+' : percent < 0 ? '−' : ''}
      {Math.abs(percent).toFixed(1)}%
    </span>
  );
}
