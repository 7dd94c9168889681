/**
 * Tax-id format checks for company verification, by the company's country (ISO 3166-1 alpha-2): EU VAT
 * numbers by their country prefix, UK VAT (with its mod-97 check), US EIN, India's GSTIN (with its check
 * character), and a loose fallback elsewhere. A format check, not a registry lookup: it catches typing
 * mistakes and made-up numbers, and the administrator still verifies the document.
 */

export type TaxIdScheme = 'eu_vat' | 'gb_vat' | 'us_ein' | 'in_gstin' | 'other';
export type TaxIdCheck =
  | { ok: true; scheme: TaxIdScheme; normalised: string }
  | { ok: false; scheme: TaxIdScheme; message: string };

/** The national part of each EU VAT number, after its prefix (Greece's prefix is EL, Northern Ireland's XI). */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The VAT prefix of an EU country code (GR writes EL). */
const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/** Spaces, dots, hyphens and slashes people type inside numbers; an EIN keeps its hyphen for display. */
const compact = (value: string) => value.toUpperCase().replace(/[\s.\-/]/g, '');

const refuse = (scheme: TaxIdScheme, message: string): TaxIdCheck => ({ ok: false, scheme, message });

/**
 * A UK VAT number's check: the first seven digits weighted 8 to 2, plus the last two, is a multiple of
 * 97 (or, for numbers issued since 2010, 55 more than one).
 */
export function isValidGbVatNumber(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  const d = [...nineDigits].map(Number);
  const weighted = d.slice(0, 7).reduce((sum, digit, i) => sum + digit * (8 - i), 0);
  const total = weighted + Number(nineDigits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character of its first 14 characters (base 36, weights 1 and 2 alternating). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARSET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36];
}

/** India's state codes in a GSTIN: 01 to 38, 97 (other territory) and 99 (centre jurisdiction). */
const isGstinStateCode = (code: string) =>
  (Number(code) >= 1 && Number(code) <= 38) || code === '97' || code === '99';

function checkEuVat(country: string, value: string): TaxIdCheck {
  const prefix = vatPrefixOf(country);
  const id = compact(value);
  // A French key may itself be two letters: only a VAT prefix counts as one.
  const typedPrefix = id.slice(0, 2);
  const hasPrefix = typedPrefix in EU_VAT_FORMATS || typedPrefix === 'GB' || typedPrefix === 'XI';
  const withPrefix = hasPrefix ? id : `${prefix}${id}`;
  if (withPrefix.slice(0, 2) !== prefix)
    return refuse('eu_vat', `A VAT number of this country starts with ${prefix}.`);
  if (!EU_VAT_FORMATS[prefix].test(withPrefix.slice(2)))
    return refuse('eu_vat', `This is not a ${prefix} VAT number. Check the digits and try again.`);
  return { ok: true, scheme: 'eu_vat', normalised: withPrefix };
}

function checkGbVat(value: string): TaxIdCheck {
  const id = compact(value).replace(/^GB/, '');
  if (/^(GD[0-4]\d{2}|HA[5-9]\d{2})$/.test(id)) return { ok: true, scheme: 'gb_vat', normalised: `GB${id}` };
  if (/^(\d{9}|\d{12})$/.test(id) && isValidGbVatNumber(id.slice(0, 9)))
    return { ok: true, scheme: 'gb_vat', normalised: `GB${id}` };
  return refuse(
    'gb_vat',
    'This is not a UK VAT number: GB followed by 9 digits, as on your VAT certificate.',
  );
}

function checkUsEin(value: string): TaxIdCheck {
  const digits = value.trim().replace(/\s/g, '');
  // 00 is never assigned as an EIN prefix.
  if (!/^\d{2}-?\d{7}$/.test(digits) || digits.startsWith('00'))
    return refuse('us_ein', 'This is not an EIN: 9 digits, written 12-3456789.');
  const plain = digits.replace('-', '');
  return { ok: true, scheme: 'us_ein', normalised: `${plain.slice(0, 2)}-${plain.slice(2)}` };
}

function checkGstin(value: string): TaxIdCheck {
  const id = compact(value);
  const shape = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.exec(id);
  if (!shape || !isGstinStateCode(shape[1]) || gstinCheckCharacter(id.slice(0, 14)) !== id[14])
    return refuse('in_gstin', 'This is not a GSTIN: 15 characters, as on your GST registration certificate.');
  return { ok: true, scheme: 'in_gstin', normalised: id };
}

/** Elsewhere: 4 to 20 letters and digits, at least one digit. */
function checkOther(value: string): TaxIdCheck {
  const id = compact(value);
  if (!/^[A-Z0-9]{4,20}$/.test(id) || !/\d/.test(id))
    return refuse('other', 'Enter the tax id as on your registration: 4 to 20 letters and digits.');
  return { ok: true, scheme: 'other', normalised: id };
}

/** The scheme a country's tax id is checked by. */
export function taxIdSchemeOf(country: string): TaxIdScheme {
  const code = country.trim().toUpperCase();
  if (code === 'GB') return 'gb_vat';
  if (code === 'US') return 'us_ein';
  if (code === 'IN') return 'in_gstin';
  if (code === 'XI' || vatPrefixOf(code) in EU_VAT_FORMATS) return 'eu_vat';
  return 'other';
}

/** Whether `value` is a well-formed tax id for `country`, and the form it is stored in. */
export function checkTaxId(country: string, value: string): TaxIdCheck {
  const code = country.trim().toUpperCase();
  switch (taxIdSchemeOf(code)) {
    case 'gb_vat':
      return checkGbVat(value);
    case 'us_ein':
      return checkUsEin(value);
    case 'in_gstin':
      return checkGstin(value);
    case 'eu_vat':
      // Northern Ireland's XI numbers have the UK's format and check.
      if (code === 'XI') {
        const result = checkGbVat(compact(value).replace(/^XI/, ''));
        return result.ok
          ? { ok: true, scheme: 'eu_vat', normalised: result.normalised.replace(/^GB/, 'XI') }
          : result;
      }
      return checkEuVat(code, value);
    case 'other':
      return checkOther(value);
  }
}
