import { UNIT_LABELS } from '@app/shared/market/units';

// Building an Intl formatter costs far more than using one (a marketplace page formats hundreds of
// figures), so each set of options builds its formatter once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The shared formatter for these options (en-US figures, as the specification shows them). */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The shared formatter of dates in the user's locale for these options. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** "$49" for whole dollars, "$0.30" otherwise; always USD. */
export function formatUsd(cents: number, options: { alwaysCents?: boolean } = {}) {
  const whole = cents % 100 === 0 && !options.alwaysCents;
  return numberFormat({
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
  return dateFormat({ dateStyle: 'long' }).format(new Date(iso));
}

/** The 1st of next month and other calendar dates the server fixes in UTC, shown as that same day. */
export function formatUtcDate(iso: string) {
  return dateFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** "Mar 3, 2027": compact absolute dates for cards. */
export function formatShortDate(iso: string) {
  return dateFormat({ dateStyle: 'medium' }).format(new Date(iso));
}

const UNIT_SINGULAR: Record<string, string> = Object.fromEntries(
  Object.entries(UNIT_LABELS).map(([unit, label]) => [unit, label.singular]),
);
const UNIT_PLURAL: Record<string, string> = Object.fromEntries(
  Object.entries(UNIT_LABELS).map(([unit, label]) => [unit, label.plural]),
);

/** "$420.00 / ton": a price per unit always shows cents, currency and unit. */
export function formatPricePerUnit(priceCents: number, unit: string) {
  return `${formatUsd(priceCents, { alwaysCents: true })} / ${UNIT_SINGULAR[unit] ?? unit}`;
}

/** "≈ $441/t": a listing's price per metric tonne, whole dollars, as a secondary figure. */
export function formatPricePerTonne(centsPerTonne: number) {
  const dollars = numberFormat({
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: centsPerTonne < 1000 ? 2 : 0,
  }).format(centsPerTonne / 100);
  return `≈ ${dollars}/t`;
}

/** "tons", "pounds": a unit's plural name, for labels such as "Quantity (tons)". */
export const unitPlural = (unit: string) => UNIT_PLURAL[unit] ?? unit;

/** "25 tons", "1 ton", "1,200.5 kg". */
export function formatQuantity(quantity: number, unit: string) {
  const figure = numberFormat({ maximumFractionDigits: 2 }).format(quantity);
  const label = quantity === 1 ? (UNIT_SINGULAR[unit] ?? unit) : (UNIT_PLURAL[unit] ?? unit);
  return `${figure} ${label}`;
}

/** "15 of 20 tons available": what deals have not taken of a listing. */
export function formatAvailable(remaining: number, quantity: number, unit: string) {
  const figure = numberFormat({ maximumFractionDigits: 2 }).format(remaining);
  return `${figure} of ${formatQuantity(quantity, unit)} available`;
}

/** The specification's relative age: "Just now" under an hour, then hours up to 24, then days. */
export function formatRelativeAge(iso: string, now: number = Date.now()) {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** "textiles" → "Textiles" */
export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const number = (maximumFractionDigits: number) =>
  numberFormat({ maximumFractionDigits, minimumFractionDigits: 0 });

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
