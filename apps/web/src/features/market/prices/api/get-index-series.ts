import type { IndexSeries, SeriesDays } from '@app/shared/market/price-index.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { priceIndexKeys } from './price-index-keys';

export async function getIndexSeries(
  category: string,
  grade: string | null,
  days: SeriesDays,
  signal?: AbortSignal,
): Promise<IndexSeries> {
  return api.get<IndexSeries>('/api/market/index/series', {
    query: { category, grade: grade ?? undefined, days },
    signal,
  });
}

export const getIndexSeriesQueryOptions = (category: string, grade: string | null, days: SeriesDays) =>
  queryOptions({
    queryKey: priceIndexKeys.series(category, grade, days),
    queryFn: ({ signal }) => getIndexSeries(category, grade, days, signal),
  });

/**
 * GET /api/market/index/series: one category's (or grade's) points; the previous range stays while the
 * next loads. Asked for once the page has painted: the chart sits below the index table.
 */
export function useIndexSeries(category: string | null, grade: string | null, days: SeriesDays) {
  const painted = useAfterFirstPaint();
  return useQuery({
    ...getIndexSeriesQueryOptions(category ?? '', grade, days),
    enabled: category !== null && painted,
    placeholderData: keepPreviousData,
  });
}
