/** "$49" for whole dollars, "$0.30" otherwise; always USD. */
export function formatUsd(cents: number, options: { alwaysCents?: boolean } = {}) {
  const whole = cents % 100 === 0 && !options.alwaysCents;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** "2.9%" */
export const formatPercent = (value: number) => `${value}%`;

/** "March 3, 2027" in the user's locale, from an ISO timestamp. */
export function formatDate(iso: string) {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}
