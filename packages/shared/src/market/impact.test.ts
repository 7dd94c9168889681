import { describe, expect, it } from 'vitest';
import { co2eAvoidedKg } from './impact.schemas.ts';
import { toTonnes } from './units.ts';

describe('impact arithmetic', () => {
  it('converts metric tonnes to short tons before applying a per-short-ton factor', () => {
    // 1 short ton, recycling -9.13 vs landfilling 0.02: 9.15 t CO2e avoided.
    expect(co2eAvoidedKg(toTonnes(1, 'tons') as number, -9.13, 0.02)).toBe(9_150);
    // 1 metric tonne is 1.10231 short tons.
    expect(co2eAvoidedKg(1, -1, 0)).toBe(1_102);
    expect(co2eAvoidedKg(toTonnes(2_000, 'pounds') as number, -1, 0)).toBe(1_000);
  });

  it('is positive when recycling emits less than landfilling, negative otherwise', () => {
    expect(co2eAvoidedKg(10, -3.14, 0.5)).toBeGreaterThan(0);
    expect(co2eAvoidedKg(10, 0.5, 0.1)).toBeLessThan(0);
    expect(Object.is(co2eAvoidedKg(0, -3.14, 0.5), 0)).toBe(true);
  });

  it('gives no figure when a factor is missing', () => {
    expect(co2eAvoidedKg(5, -4.49, null)).toBeNull();
    expect(co2eAvoidedKg(5, null, 0.02)).toBeNull();
  });
});
