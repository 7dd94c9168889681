import { Leaf } from 'lucide-react';
import { useId } from 'react';
import { formatCo2e, formatTonnes } from '@/lib/format';
import { useCompanyImpact } from '../api/get-company-impact';

/** A company page's impact: shown only once the company has completed deals with a tonnage. */
export function CompanyImpact({ companyId }: { companyId: string }) {
  const titleId = useId();
  const impact = useCompanyImpact(companyId);
  const data = impact.data;
  if (!data || data.totals.deals === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-card border bg-card p-6 shadow-card">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Leaf className="size-5 text-primary" aria-hidden />
        Environmental impact
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Tonnes traded" value={formatTonnes(data.totals.tonnes)} />
        {data.totals.co2eAvoidedKg > 0 ? (
          <Figure label="CO2e avoided" value={formatCo2e(data.totals.co2eAvoidedKg)} />
        ) : null}
        <Figure label="Completed deals" value={String(data.totals.deals)} />
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">Figures are an {data.label}.</p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular order-first text-2xl font-bold">{value}</dd>
    </div>
  );
}
