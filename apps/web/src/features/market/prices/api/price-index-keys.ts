import type { CompareBatchBody, SeriesDays } from '@app/shared/market/price-index.schemas';

/** Query keys of the price index; the `market.index.updated` broadcast invalidates `priceIndexKeys.all`. */
export const priceIndexKeys = {
  all: ['market', 'price-index'] as const,
  index: () => ['market', 'price-index', 'latest'] as const,
  series: (category: string, grade: string | null, days: SeriesDays) =>
    ['market', 'price-index', 'series', category, grade, days] as const,
  compare: (items: CompareBatchBody['items']) => ['market', 'price-index', 'compare', items] as const,
};
