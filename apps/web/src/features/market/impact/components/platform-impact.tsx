import type { ImpactSummary } from '@app/shared/market/impact.schemas';
import { fromTonnes } from '@app/shared/market/units';
import { Leaf } from 'lucide-react';
import { formatCo2e, formatTonnes } from '@/lib/format';
import { usePlatformImpact } from '../api/get-platform-impact';

/** The platform's totals once completed deals exist, else null (pages keep their own copy then). */
export function usePlatformImpactTotals(): ImpactSummary | null {
  const impact = usePlatformImpact();
  return impact.data && impact.data.totals.deals > 0 ? impact.data : null;
}

/** The platform's tonnage in US short tons, as the about page's "tons of material traded" counts it. */
export function formatShortTons(tonnes: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: tonnes >= 10 ? 0 : 1 }).format(
    fromTonnes(tonnes, 'tons') ?? 0,
  );
}

/** The landing page's live impact line: tonnes traded, CO2e avoided and completed deals. */
export function PlatformImpactStrip() {
  const data = usePlatformImpactTotals();
  if (!data) return null;
  return (
    <section
      aria-labelledby="platform-impact-title"
      className="mt-6 flex flex-col gap-4 rounded-card border bg-card p-6 shadow-card md:flex-row md:items-center md:justify-between"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Leaf className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="platform-impact-title" className="font-semibold">
            Impact on Recytrade so far
          </h2>
          <p className="text-xs text-muted-foreground">Figures are an {data.label}.</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:gap-8">
        <LiveFigure label="of material traded" value={formatTonnes(data.totals.tonnes)} />
        {data.totals.co2eAvoidedKg > 0 ? (
          <LiveFigure label="avoided" value={formatCo2e(data.totals.co2eAvoidedKg)} />
        ) : null}
        <LiveFigure label="completed deals" value={String(data.totals.deals)} />
      </dl>
    </section>
  );
}

function LiveFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular order-first text-xl font-bold">{value}</dd>
    </div>
  );
}
