const number = (maximumFractionDigits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits, minimumFractionDigits: 0 });

/** Metric tonnes: "12.5 t", small amounts to three decimals ("0.454 t"). */
export function formatTonnes(tonnes: number): string {
  return `${number(tonnes >= 100 ? 0 : tonnes >= 1 ? 1 : 3).format(tonnes)} t`;
}

/** kg CO2e in tonnes from one tonne up ("9.2 t CO2e"), else in kg ("850 kg CO2e"). */
export function formatCo2e(kg: number): string {
  return Math.abs(kg) >= 1000
    ? `${number(Math.abs(kg) >= 100_000 ? 0 : 1).format(kg / 1000)} t CO2e`
    : `${number(0).format(kg)} kg CO2e`;
}

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
