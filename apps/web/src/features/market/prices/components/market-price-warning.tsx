import type { ListingCategory, ListingUnit } from '@app/shared/listings/listings.schemas';
import { marketPriceWarning } from '@app/shared/market/price-difference';
import { pricePerTonneCents } from '@app/shared/market/units';
import { roundHalfUp } from '@app/shared/money/money';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { comparePrices, type PriceToCompare } from '../api/compare-prices';
import { priceIndexKeys } from '../api/price-index-keys';

export type PriceToCheck = {
  category: ListingCategory | undefined;
  grade?: string | null;
  /** The price per `unit` as typed, in dollars; not a number while the field is empty. */
  price: number | undefined;
  unit: ListingUnit | undefined;
};

/**
 * Beside a listing form's price: "far below the market: check the unit" when the price per tonne lies
 * outside the plausible band around its grade's (or family's) 30-day index. A warning, not a refusal;
 * nothing without an index. The index is read once per grade, whatever the price typed.
 */
export function MarketPriceWarning({ category = 'metals', grade, price, unit }: PriceToCheck) {
  const probe: PriceToCompare = {
    key: 'index',
    category,
    grade: (grade ?? undefined) as PriceToCompare['grade'],
    priceCents: 100_000,
    unit: 'tonnes',
  };
  const index = useQuery({
    queryKey: priceIndexKeys.compare([probe]),
    queryFn: () => comparePrices([probe]),
    staleTime: 5 * 60_000,
  });
  const indexCents = index.data?.results[0]?.indexCentsPerTonne ?? null;
  const perTonne =
    unit && typeof price === 'number' && Number.isFinite(price) && price > 0
      ? pricePerTonneCents(roundHalfUp(price * 100), unit)
      : null;
  const warning = marketPriceWarning(perTonne, indexCents);
  if (!warning) return null;
  return (
    <span role="status" className="flex items-start gap-1 text-warning-soft-foreground">
      <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {warning}
    </span>
  );
}
