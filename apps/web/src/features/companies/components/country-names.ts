import { COUNTRY_CODES } from '@app/shared/companies/company-verification';

const names = new Intl.DisplayNames(['en'], { type: 'region' });
const SPECIAL: Record<string, string> = { XI: 'Northern Ireland' };

/** "Germany" for DE, in English (the product's language). */
export function countryName(code: string): string {
  return SPECIAL[code] ?? names.of(code) ?? code;
}

/** Every country a company may name, sorted by its English name, for the form's list. */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);
