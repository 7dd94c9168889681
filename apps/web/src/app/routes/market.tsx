import type { MarketIndexEntry, SeriesDays } from '@app/shared/market/price-index.schemas';
import { useQuery } from '@tanstack/react-query';
import { LineChart } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { useIndexSeries } from '@/features/market/prices/api/get-index-series';
import { getMarketIndexQueryOptions } from '@/features/market/prices/api/get-market-index';
import { formatComputedAt, seriesLabel } from '@/features/market/prices/components/index-format';
import { IndexSeriesChart } from '@/features/market/prices/components/index-series-chart';
import {
  MarketIndexTable,
  MarketIndexTableSkeleton,
  seriesKeyOf,
  sortIndexEntries,
} from '@/features/market/prices/components/market-index-table';
import { useLiveMarketIndex } from '@/features/market/prices/hooks/use-live-market-index';
import { usePublicPageMeta } from '@/lib/use-document-title';

/** /market: the price index per category and grade, its trend, kept live over the socket. */
export function MarketPage() {
  usePublicPageMeta('/market');
  const live = useLiveMarketIndex();
  const index = useQuery({ ...getMarketIndexQueryOptions(), refetchInterval: live.refetchInterval });
  const entries = sortIndexEntries(index.data?.entries ?? []);
  const [chosen, setChosen] = useState<Pick<MarketIndexEntry, 'category' | 'grade'> | null>(null);
  const [days, setDays] = useState<SeriesDays>(30);
  // Until the visitor picks a series: a published grade with a week of history (a grade's line means
  // more than a category's changing mix), else any published one.
  const published = entries.filter((e) => !e.carriedForward);
  const selected =
    (chosen && entries.find((e) => seriesKeyOf(e) === seriesKeyOf(chosen))) ??
    published.find((e) => e.grade !== null && e.change7dPercent !== null) ??
    published.find((e) => e.grade !== null) ??
    published[0] ??
    entries[0] ??
    null;
  const series = useIndexSeries(selected?.category ?? null, selected?.grade ?? null, days);
  const minContributors = index.data?.minContributors ?? 3;

  return (
    <>
      <PageHeader
        eyebrow="Prices and trends"
        title="Market prices"
        description={
          <p>
            A price index per tonne for each material and grade, built from completed deals first and active
            listings second. A point is published only when at least {minContributors} independent companies
            contribute; otherwise the previous value carries forward and is marked so.
          </p>
        }
      />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-8">
        {index.isPending ? (
          <>
            <MarketIndexTableSkeleton />
            <span className="sr-only" role="status">
              Loading market prices
            </span>
          </>
        ) : index.isError ? (
          <EmptyState
            icon={LineChart}
            title="Market prices could not be loaded"
            description="Please try again in a moment."
          />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={LineChart}
            title="No index published yet"
            description={`An index appears once at least ${minContributors} independent companies have priced a material in completed deals or active listings within 30 days.`}
          />
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {index.data.computedAt ? `Last computed ${formatComputedAt(index.data.computedAt)}. ` : ''}
              Prices in US dollars per metric tonne; updates within a minute of a deal or listing.
            </p>
            <MarketIndexTable
              entries={entries}
              minContributors={minContributors}
              selectedKey={selected ? seriesKeyOf(selected) : null}
              onSelect={setChosen}
            />
            {selected ? (
              <IndexSeriesChart
                title={`${seriesLabel(selected)} index`}
                days={days}
                onDaysChange={setDays}
                points={series.data?.points}
                loading={series.isPending}
              />
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
