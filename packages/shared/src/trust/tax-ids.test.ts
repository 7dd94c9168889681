import { describe, expect, it } from 'vitest';
import { checkTaxId, gstinCheckCharacter, isValidGbVatNumber, taxIdSchemeOf } from './tax-ids.ts';

describe('tax-id formats by country', () => {
  it.each([
    ['AT', 'ATU12345678', 'ATU12345678'],
    ['BE', 'BE 0123.456.789', 'BE0123456789'],
    ['DE', 'DE123456789', 'DE123456789'],
    ['DE', '123456789', 'DE123456789'],
    ['FR', 'FR 40 303265045', 'FR40303265045'],
    ['FR', 'AB303265045', 'FRAB303265045'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['IT', 'IT12345678901', 'IT12345678901'],
    ['ES', 'ESB12345678', 'ESB12345678'],
    ['GR', '123456789', 'EL123456789'],
    ['GR', 'EL123456789', 'EL123456789'],
    ['SE', 'SE123456789001', 'SE123456789001'],
    ['PL', 'PL1234567890', 'PL1234567890'],
    ['IE', 'IE1234567WA', 'IE1234567WA'],
    ['GB', 'GB999999973', 'GB999999973'],
    ['GB', 'GB 999 9999 73', 'GB999999973'],
    ['GB', '999999973000', 'GB999999973000'],
    ['GB', 'GBGD123', 'GBGD123'],
    ['XI', 'XI999999973', 'XI999999973'],
    ['US', '12-3456789', '12-3456789'],
    ['US', '123456789', '12-3456789'],
    ['IN', '27AAPFU0939F1ZV', '27AAPFU0939F1ZV'],
    ['IN', '27aapfu0939f1zv', '27AAPFU0939F1ZV'],
    ['BR', '12.345.678/0001-95', '12345678000195'],
    ['ca', '123456789RT0001', '123456789RT0001'],
  ])('accepts a %s tax id typed "%s"', (country, value, normalised) => {
    expect(checkTaxId(country, value)).toMatchObject({ ok: true, normalised });
  });

  it.each([
    ['DE', 'DE12345678', 'eu_vat'],
    ['DE', 'FR40303265045', 'eu_vat'],
    ['AT', 'AT12345678', 'eu_vat'],
    ['AT', 'ATU1234567', 'eu_vat'],
    ['NL', 'NL123456789', 'eu_vat'],
    ['SE', 'SE1234567890', 'eu_vat'],
    ['GB', 'GB999999974', 'gb_vat'],
    ['GB', 'GB12345678', 'gb_vat'],
    ['US', '00-1234567', 'us_ein'],
    ['US', '12-345678', 'us_ein'],
    ['US', '1234-56789', 'us_ein'],
    ['IN', '27AAPFU0939F1ZW', 'in_gstin'],
    ['IN', '40AAPFU0939F1ZV', 'in_gstin'],
    ['IN', '27AAPFU0939F1YV', 'in_gstin'],
    ['BR', 'ABC', 'other'],
    ['BR', 'ABCDEFG', 'other'],
  ])('refuses a %s tax id "%s" with a message', (country, value, scheme) => {
    const result = checkTaxId(country, value);
    expect(result).toMatchObject({ ok: false, scheme });
    expect(result.ok ? '' : result.message).toMatch(/\.$/);
  });

  it('names the prefix a VAT number of the country needs', () => {
    expect(checkTaxId('DE', 'FR40303265045')).toMatchObject({
      message: 'A VAT number of this country starts with DE.',
    });
  });

  it('picks the scheme from the country', () => {
    expect(['DE', 'GR', 'XI', 'GB', 'US', 'IN', 'CH'].map(taxIdSchemeOf)).toEqual([
      'eu_vat',
      'eu_vat',
      'eu_vat',
      'gb_vat',
      'us_ein',
      'in_gstin',
      'other',
    ]);
  });

  it('computes the check digits of UK VAT numbers and GSTINs', () => {
    expect(isValidGbVatNumber('999999973')).toBe(true);
    expect(isValidGbVatNumber('999999974')).toBe(false);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
});
