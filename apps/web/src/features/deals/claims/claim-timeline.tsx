import type { ClaimStep } from '@app/shared/deals/deal-claims.schemas';
import { PrivateFileLink } from '@/components/private-file-picker';
import { DateTime } from '@/components/ui/date-time';
import { cn } from '@/lib/cn';
import { stepAmount, stepSentence } from './claim-labels';

/**
 * A claim's steps, oldest first: who did what and when, the amount, the note and the evidence. The
 * evidence links download the private file (the server admits the deal's parties and administrators).
 */
export function ClaimTimeline({
  steps,
  viewer,
  className,
}: {
  steps: ClaimStep[];
  viewer: 'buyer' | 'seller' | 'admin';
  className?: string;
}) {
  const ordered = [...steps].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <ol className={cn('grid gap-0', className)} aria-label="Claim timeline">
      {ordered.map((step, i) => {
        const amount = stepAmount(step);
        const last = i === ordered.length - 1;
        return (
          <li key={step.id} className="relative grid grid-cols-[1rem_minmax(0,1fr)] gap-x-3 pb-4 last:pb-0">
            {/* The rail between the dots, drawn behind them. */}
            {last ? null : (
              <span className="absolute top-3 bottom-0 left-[0.4375rem] w-px bg-border" aria-hidden />
            )}
            <span
              className={cn(
                'relative mt-1 size-3.5 rounded-full border-2 border-card ring-1',
                last ? 'bg-primary ring-primary' : 'bg-slate-300 ring-slate-300',
              )}
              aria-hidden
            />
            <div className="grid min-w-0 gap-1 text-sm">
              <p>
                <span className="font-medium">{stepSentence(step, viewer)}</span>
                {amount ? <span className="tabular text-muted-foreground"> · {amount}</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                <DateTime iso={step.createdAt} />
              </p>
              {step.note ? (
                <blockquote className="border-l-2 border-slate-300 pl-3 whitespace-pre-line break-words text-slate-700">
                  {step.note}
                </blockquote>
              ) : null}
              {step.evidence.length > 0 ? (
                <ul className="grid gap-1" aria-label="Evidence">
                  {step.evidence.map((file) => (
                    <li key={file.id} className="min-w-0">
                      <PrivateFileLink file={file} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
