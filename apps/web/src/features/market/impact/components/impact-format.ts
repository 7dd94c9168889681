import { formatCo2e } from '@/lib/format';

/** 'YYYY-MM' as "Nov 2026" (long) or "Nov" (short), in UTC like the server's months. */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    ...(style === 'long' && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/** kg CO2e as an axis tick, the unit left to the chart's title ("4 t", "850 kg"). */
export function formatCo2eTick(kg: number): string {
  return formatCo2e(kg).replace(' CO2e', '');
}
