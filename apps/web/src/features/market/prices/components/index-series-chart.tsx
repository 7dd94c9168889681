import { INDEX_SOURCE_LABELS, SERIES_DAYS, type SeriesDays } from '@app/shared/market/price-index';
import type { IndexSeriesPoint } from '@app/shared/market/price-index.schemas';
import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useNearViewport } from '@/lib/use-near-viewport';
import { formatIndexDay, formatIndexPrice } from './index-format';

/** recharts is fetched only where, and once, a chart is drawn; the summary in words needs none of it. */
const IndexSeriesDrawing = lazy(() =>
  import('./index-series-drawing').then((m) => ({ default: m.IndexSeriesDrawing })),
);

/** What the drawing shows, in words: first and last value, the range, and how much was carried forward. */
function summarize(points: IndexSeriesPoint[], days: number): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `No index points in the last ${days} days.`;
  const prices = points.map((p) => p.priceCentsPerTonne);
  const carried = points.filter((p) => p.carriedForward).length;
  return [
    `Over the last ${days} days the index went from ${formatIndexPrice(first.priceCentsPerTonne)} on ${formatIndexDay(first.day, true)}`,
    `to ${formatIndexPrice(last.priceCentsPerTonne)} on ${formatIndexDay(last.day, true)} (${INDEX_SOURCE_LABELS[last.source].toLowerCase()}).`,
    `Low ${formatIndexPrice(Math.min(...prices))}, high ${formatIndexPrice(Math.max(...prices))}.`,
    carried > 0 ? `${carried} of ${points.length} days carried the previous value forward.` : '',
  ].join(' ');
}

/**
 * One series over 30, 90 or 365 days. The drawing is hidden from screen readers; a summary in words
 * says what it shows.
 */
export function IndexSeriesChart({
  title,
  days,
  onDaysChange,
  points,
  loading,
}: {
  title: string;
  days: SeriesDays;
  onDaysChange: (days: SeriesDays) => void;
  points: IndexSeriesPoint[] | undefined;
  loading: boolean;
}) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="rounded-card border bg-background p-4 sm:p-6">
      <Tabs
        value={String(days)}
        onValueChange={(v) => onDaysChange(Number(v) as SeriesDays)}
        className="grid gap-4"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <figcaption id={titleId} className="text-lg font-semibold">
            {title}
          </figcaption>
          <TabsList aria-label="Chart period">
            {SERIES_DAYS.map((d) => (
              <TabsTrigger key={d} value={String(d)}>
                {d} days
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* Only the chosen period's panel is mounted; the others are empty until chosen. */}
        {SERIES_DAYS.map((d) => (
          <TabsContent key={d} value={String(d)} className="mt-0">
            <SeriesBody points={points} loading={loading} days={d} />
          </TabsContent>
        ))}
      </Tabs>
    </figure>
  );
}

function SeriesBody({
  points,
  loading,
  days,
}: {
  points: IndexSeriesPoint[] | undefined;
  loading: boolean;
  days: SeriesDays;
}) {
  if (loading && !points) return <Skeleton className="h-64 w-full" />;
  if (!points || points.length === 0)
    return (
      <EmptyState
        icon={LineChartIcon}
        headingLevel={3}
        title="No points in this period"
        description="The index of this material has not been published in the chosen period."
      />
    );
  return (
    <>
      <SeriesDrawing points={points} />
      <p className="sr-only">{summarize(points, days)}</p>
    </>
  );
}

/** The drawing, fetched and drawn once it comes near the screen (below the table on a phone). */
function SeriesDrawing({ points }: { points: IndexSeriesPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} aria-hidden="true" className="h-64 w-full" data-testid="index-chart">
      {near ? (
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <IndexSeriesDrawing points={points} />
        </Suspense>
      ) : (
        <Skeleton className="h-full w-full" />
      )}
    </div>
  );
}
