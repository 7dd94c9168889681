import type { Listing } from '@app/shared/listings/listings.schemas';
import { COMPARE_BATCH_MAX } from '@app/shared/market/price-index';
import type {
  CompareBatchBody,
  CompareBatchResult,
  IndexComparison,
} from '@app/shared/market/price-index.schemas';
import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { priceIndexKeys } from './price-index-keys';

export type PriceToCompare = CompareBatchBody['items'][number];

export async function comparePrices(items: CompareBatchBody['items']): Promise<CompareBatchResult> {
  return api.post<CompareBatchResult>('/api/market/compare/batch', { items });
}

/** A listing's price as the comparison wants it, keyed by the listing id. */
export const listingPriceToCompare = (
  listing: Pick<Listing, 'id' | 'category' | 'grade' | 'priceCents' | 'unit'>,
): PriceToCompare => ({
  key: listing.id,
  category: listing.category,
  grade: (listing.grade ?? undefined) as PriceToCompare['grade'],
  priceCents: listing.priceCents,
  unit: listing.unit,
});

/**
 * POST /api/market/compare/batch: how each price on a page compares with its 30-day index, one request
 * per hundred prices (a page that loads more keeps its earlier answers). Returns a lookup by key.
 * Asked for once the page has painted: the prices show first, their comparisons join them.
 */
export function usePriceComparisons(items: PriceToCompare[]) {
  const painted = useAfterFirstPaint();
  const chunks: PriceToCompare[][] = [];
  for (let i = 0; i < items.length; i += COMPARE_BATCH_MAX)
    chunks.push(items.slice(i, i + COMPARE_BATCH_MAX));
  const results = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: priceIndexKeys.compare(chunk),
      queryFn: () => comparePrices(chunk),
      staleTime: 60_000,
      enabled: painted,
    })),
  });
  const byKey = new Map<string, IndexComparison>(
    results.flatMap((r) => r.data?.results.map((c) => [c.key, c] as const) ?? []),
  );
  return (key: string): IndexComparison | undefined => byKey.get(key);
}
