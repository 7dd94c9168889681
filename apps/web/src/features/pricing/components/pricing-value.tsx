import type { Pricing } from '@app/shared/settings/settings.schemas';
import type { ReactNode } from 'react';
import { SkeletonText } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatPercent, formatUsd } from '@/lib/format';
import { usePricing } from '@/lib/pricing';

/** The figures running text quotes, each formatted one way everywhere ("$49", "$10", "3%", "7"). */
export const PRICING_FIGURES = {
  premiumMonthly: (p: Pricing) => formatUsd(p.premium.monthlyCents),
  contactFee: (p: Pricing) => formatUsd(p.contactFeeCents),
  freeListings: (p: Pricing) => p.free.listingsPerMonth,
  featuredListingFee: (p: Pricing) => formatUsd(p.featuredListing.feeCents),
  featuredListingDays: (p: Pricing) => p.featuredListing.days,
  commission: (p: Pricing) => formatPercent(p.commissionPercent),
  moneyBackDays: (p: Pricing) => p.moneyBackGuaranteeDays,
} satisfies Record<string, (p: Pricing) => ReactNode>;

export type PricingFigure = keyof typeof PRICING_FIGURES;

type PricingValueProps = {
  /** A named figure, or `render` for anything else: (p) => formatUsd(p.premium.monthlyCents * 12). */
  figure?: PricingFigure;
  render?: (pricing: Pricing) => ReactNode;
  /** Width of the placeholder while the prices load (default w-8). */
  skeletonClassName?: string;
  className?: string;
};

/**
 * One price or fee inside running text, read from the server's pricing settings: a text-sized skeleton
 * while they load, a dash if they cannot be loaded. Tabular figures, as for every amount.
 */
export function PricingValue({ figure, render, skeletonClassName, className }: PricingValueProps) {
  const { data, isError } = usePricing();
  if (data) {
    const value = figure ? PRICING_FIGURES[figure](data) : render?.(data);
    return <span className={cn('tabular', className)}>{value}</span>;
  }
  if (isError)
    return (
      <span className={className}>
        <span aria-hidden>—</span>
        <span className="sr-only">(price unavailable)</span>
      </span>
    );
  return <SkeletonText className={cn('w-8', skeletonClassName)} />;
}
