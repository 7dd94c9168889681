import { Leaf, Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCo2e, formatTonnes } from '@/lib/format';
import { useMyImpact } from '../api/get-my-impact';
import { ImpactBarChart } from './impact-bar-chart';
import { formatCo2eTick } from './impact-format';
import { ImpactMaterialList } from './impact-material-list';

/** The dashboard's "Environmental impact": tonnes traded and CO2e avoided by month, and per material. */
export function ImpactCard({ className }: { className?: string }) {
  const titleId = useId();
  const impact = useMyImpact();
  const data = impact.data;
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle as="h2" id={titleId} className="flex items-center gap-2">
          <Leaf className="size-5 text-primary" aria-hidden />
          Environmental impact
        </CardTitle>
        <CardDescription>
          Material you bought or sold in completed deals over the last 12 months, and the greenhouse gas it
          saved by being recycled.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {impact.isPending ? (
          <div aria-busy="true" className="grid gap-4">
            <span className="sr-only">Loading your impact</span>
            <Skeleton className="h-16 w-full" />
            <div className="grid gap-4 md:grid-cols-2">
              <Skeleton className="h-48 w-full" />
              <Skeleton className="h-48 w-full" />
            </div>
          </div>
        ) : impact.isError ? (
          <EmptyState
            title="Your impact could not be loaded"
            description={parseApiError(impact.error).message}
            action={<Button onClick={() => void impact.refetch()}>Try Again</Button>}
            headingLevel={3}
          />
        ) : data && data.totals.deals > 0 ? (
          <>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Stat label="Tonnes traded" value={formatTonnes(data.totals.tonnes)} />
              <Stat
                label="CO2e avoided"
                value={
                  data.totals.co2eAvoidedKg > 0 ? formatCo2e(data.totals.co2eAvoidedKg) : 'No estimate yet'
                }
              />
              <Stat label="Completed deals" value={String(data.totals.deals)} />
            </dl>
            <div className="grid gap-6 md:grid-cols-2">
              <ImpactBarChart
                title="Tonnes traded"
                points={data.months.map((m) => ({ month: m.month, value: m.tonnes }))}
                format={formatTonnes}
              />
              <ImpactBarChart
                title="CO2e avoided"
                points={data.months.map((m) => ({ month: m.month, value: m.co2eAvoidedKg }))}
                format={formatCo2e}
                axisFormat={formatCo2eTick}
                color="#15803d"
                emptyText="No CO2e estimate yet: the EPA landfilling factors of these materials have not been entered."
              />
            </div>
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">By material</h3>
              <ImpactMaterialList materials={data.materials} label="Impact by material" />
            </div>
            <ImpactLabel label={data.label} />
          </>
        ) : (
          <EmptyState
            icon={Leaf}
            title="No completed deals yet"
            description="When a deal of yours completes, the tonnes traded and the CO2e they saved appear here."
            action={
              <Button asChild variant="outline" size="sm">
                <Link to={paths.marketplace}>
                  <Search aria-hidden />
                  Browse Marketplace
                </Link>
              </Button>
            }
            headingLevel={3}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-surface px-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular order-first text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** The label every impact figure carries, with what it means for materials without factors. */
export function ImpactLabel({ label, className }: { label: string; className?: string }) {
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      Figures are an {label}. Materials without both EPA factors show their tonnage only.
    </p>
  );
}
