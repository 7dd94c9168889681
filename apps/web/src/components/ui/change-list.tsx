import { ArrowRight } from 'lucide-react';
import { cn } from '@/lib/cn';

export type Change = { field: string; label: string; before: string; after: string };

/** What changed since a review, old value struck through and new value beside it, one field per row. */
export function ChangeList({
  title,
  changes,
  className,
}: {
  title: string;
  changes: Change[];
  className?: string;
}) {
  if (changes.length === 0) return null;
  return (
    <section
      aria-label={title}
      className={cn('rounded-md border border-amber-200 bg-warning-soft p-3 text-sm', className)}
    >
      <h3 className="mb-1.5 font-medium text-warning-soft-foreground">{title}</h3>
      <dl className="grid gap-1.5">
        {changes.map((change) => (
          <div key={change.field} className="grid gap-x-2 sm:grid-cols-[7rem_1fr]">
            <dt className="text-muted-foreground">{change.label}</dt>
            <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 break-words">
              <del className="text-muted-foreground">{change.before || '(empty)'}</del>
              <ArrowRight className="size-3.5 shrink-0 self-center" aria-label="changed to" />
              <ins className="font-medium no-underline">{change.after || '(empty)'}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
