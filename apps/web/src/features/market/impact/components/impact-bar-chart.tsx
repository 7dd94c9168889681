import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { Point } from './impact-bars-drawing';
import { formatMonth } from './impact-format';

/** recharts is fetched only where a chart is drawn; the table for screen readers needs none of it. */
const ImpactBarsDrawing = lazy(() =>
  import('./impact-bars-drawing').then((m) => ({ default: m.ImpactBarsDrawing })),
);

/**
 * A bar chart by month with its figures as a table for screen readers (the drawing is hidden from
 * them: it says nothing the table does not).
 */
export function ImpactBarChart({
  title,
  points,
  format,
  axisFormat = format,
  color = 'var(--color-primary)',
  emptyText,
}: {
  title: string;
  points: Point[];
  format: (value: number) => string;
  /** Shorter tick labels (the title names the unit). */
  axisFormat?: (value: number) => string;
  color?: string;
  /** Shown instead of an empty drawing when every month is zero. */
  emptyText?: string;
}) {
  const titleId = useId();
  const empty = emptyText !== undefined && points.every((p) => p.value === 0);
  return (
    <figure aria-labelledby={titleId} className="grid gap-2">
      <figcaption id={titleId} className="text-sm font-medium">
        {title}
      </figcaption>
      {empty ? (
        <p className="flex h-44 items-center justify-center rounded-lg border border-dashed bg-surface px-6 text-center text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <div aria-hidden="true" className="h-44 w-full">
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <ImpactBarsDrawing
              title={title}
              points={points}
              format={format}
              axisFormat={axisFormat}
              color={color}
            />
          </Suspense>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}, by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{formatMonth(p.month)}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
