import type { ImpactMaterial } from '@app/shared/market/impact.schemas';
import { formatCo2e, formatTonnes } from '@/lib/format';

/** Tonnes and CO2e per material; materials without both WARM factors show their tonnage only. */
export function ImpactMaterialList({ materials, label }: { materials: ImpactMaterial[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y rounded-lg border">
      {materials.map((m) => (
        <li
          key={m.material ?? 'other'}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
        >
          <span className="font-medium">
            {m.label}
            <span className="ml-2 font-normal text-muted-foreground">
              {m.deals} {m.deals === 1 ? 'deal' : 'deals'}
            </span>
          </span>
          <span className="tabular flex flex-wrap gap-x-4 text-right">
            <span>{formatTonnes(m.tonnes)}</span>
            <span className={m.co2eAvoidedKg === null ? 'text-muted-foreground' : 'font-medium text-primary'}>
              {m.co2eAvoidedKg === null ? 'Tonnage only' : `${formatCo2e(m.co2eAvoidedKg)} avoided`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
