import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertQuantity,
  fromTonnes,
  KG_PER_UNIT,
  MASS_UNITS,
  pricePerTonneCents,
  pricePerUnitCents,
  toTonnes,
} from './units.ts';

const massUnit = fc.constantFrom(...MASS_UNITS);
/** Quantities as listings hold them: above zero, at most 1,000,000, two decimals. */
const quantity = fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 100);
/** Prices in cents per unit as listings hold them ($0.01 to $1,000,000). */
const priceCents = fc.integer({ min: 1, max: 100_000_000 });
const closeTo = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);

describe('unit conversion', () => {
  it('round-trips a quantity through tonnes in every mass unit', () => {
    fc.assert(
      fc.property(quantity, massUnit, (q, unit) => {
        closeTo(fromTonnes(toTonnes(q, unit) as number, unit) as number, q);
      }),
    );
  });

  it('converts a quantity from one unit to another and back', () => {
    fc.assert(
      fc.property(quantity, massUnit, massUnit, (q, from, to) => {
        const there = convertQuantity(q, from, to) as number;
        closeTo(convertQuantity(there, to, from) as number, q);
        closeTo(toTonnes(there, to) as number, toTonnes(q, from) as number);
      }),
    );
  });

  it('turns a price per unit into a price per tonne and back within one cent per unit', () => {
    fc.assert(
      fc.property(priceCents, massUnit, (cents, unit) => {
        const perTonne = pricePerTonneCents(cents, unit) as number;
        expect(Number.isInteger(perTonne)).toBe(true);
        // Rounding per tonne loses at most half a cent per tonne, which is at most one cent per unit
        // for units up to about a tonne (gross tons: 0.508 of a cent).
        expect(Math.abs((pricePerUnitCents(perTonne, unit) as number) - cents)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('knows the exact values a trader checks by hand', () => {
    expect(pricePerTonneCents(40_000, 'tons')).toBe(44_092);
    expect(toTonnes(1, 'gross_tons')).toBe(1.0160469088);
    expect(toTonnes(1, 'tons')).toBeCloseTo(0.90718474, 12);
    expect(toTonnes(2000, 'pounds')).toBeCloseTo(toTonnes(1, 'tons') as number, 12);
    expect(toTonnes(2240, 'pounds')).toBeCloseTo(toTonnes(1, 'gross_tons') as number, 12);
    expect(toTonnes(2500, 'kg')).toBe(2.5);
    expect(pricePerTonneCents(50, 'kg')).toBe(50_000);
    expect(pricePerTonneCents(44_100, 'tonnes')).toBe(44_100);
    expect(pricePerUnitCents(44_092, 'tons')).toBe(40_000);
    expect(convertQuantity(1, 'tonnes', 'kg')).toBe(1000);
    expect(KG_PER_UNIT.pounds * 2000).toBeCloseTo(KG_PER_UNIT.tons, 9);
  });

  it('never converts pieces', () => {
    expect(toTonnes(10, 'pieces')).toBeNull();
    expect(fromTonnes(10, 'pieces')).toBeNull();
    expect(pricePerTonneCents(500, 'pieces')).toBeNull();
    expect(pricePerUnitCents(500, 'pieces')).toBeNull();
    expect(convertQuantity(10, 'pieces', 'kg')).toBeNull();
    expect(convertQuantity(10, 'kg', 'pieces')).toBeNull();
    expect(convertQuantity(10, 'pieces', 'pieces')).toBe(10);
  });
});
