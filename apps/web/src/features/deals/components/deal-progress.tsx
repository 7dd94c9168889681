import { type Deal, dealProgress } from '@app/shared/deals/deals.schemas';
import { CheckCircle2, Circle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The four steps of a deal, each ticked when done. */
export function DealProgress({
  deal,
}: {
  deal: Pick<Deal, 'status' | 'escrowStatus' | 'escrowRequired' | 'milestones'>;
}) {
  const steps = dealProgress(deal);
  const done = steps.filter((s) => s.done).length;
  return (
    <div>
      <p className="sr-only">
        Progress: {done} of {steps.length} steps done
      </p>
      <ol className="grid grid-cols-2 gap-2 text-sm md:grid-cols-1">
        {steps.map((step) => (
          <li
            key={step.label}
            className={cn('flex items-center gap-2', step.done ? 'text-foreground' : 'text-muted-foreground')}
          >
            {step.done ? (
              <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
            ) : (
              <Circle className="size-4 shrink-0 text-slate-400" aria-hidden />
            )}
            <span className={cn(step.done && 'font-medium')}>{step.label}</span>
            <span className="sr-only">{step.done ? '(done)' : '(not yet)'}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
