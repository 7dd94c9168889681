import { gradeById, gradeLabel } from '@app/shared/market/grades';
import type { MarketIndexEntry } from '@app/shared/market/price-index.schemas';
import { capitalize, dateFormat, numberFormat } from '@/lib/format';

/** "$9,850/t": index values in whole dollars per metric tonne. */
export function formatIndexPrice(centsPerTonne: number) {
  const dollars = numberFormat({
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: centsPerTonne < 1000 ? 2 : 0,
  }).format(centsPerTonne / 100);
  return `${dollars}/t`;
}

/** "Metals · all grades" for a category's row, the grade's label otherwise. */
export function seriesLabel(entry: Pick<MarketIndexEntry, 'category' | 'grade'>) {
  if (entry.grade === null) return `${capitalize(entry.category)} · all grades`;
  const grade = gradeById(entry.grade);
  return grade ? gradeLabel(grade) : entry.grade;
}

/** "Nov 21, 2026, 11:20 PM" */
export const formatComputedAt = (iso: string) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** "Nov 21" or "Nov 21, 2026" for an ISO day, read in UTC (index days are UTC days). */
export const formatIndexDay = (day: string, withYear = false) =>
  dateFormat({
    month: 'short',
    day: 'numeric',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
