import { describe, expect, it } from 'vitest';
import { matchReasonText } from './matching.schemas.ts';

describe('matchReasonText', () => {
  it('reads like the issue: same grade, quantities, price and distance', () => {
    expect(
      matchReasonText({
        sameGrade: true,
        quantity: { overlap: 40, wanted: 60, unit: 'tonnes' },
        pricePercent: -6.2,
        distanceKm: 120,
      }),
    ).toBe('same grade, 40 t of 60 t wanted, 6% under your price, 120 km');
  });

  it('leaves out the grade and the distance when they are unknown', () => {
    expect(
      matchReasonText({
        sameGrade: false,
        quantity: { overlap: 2.5, wanted: 2.5, unit: 'tonnes' },
        pricePercent: 4,
        distanceKm: null,
      }),
    ).toBe('2.5 t of 2.5 t wanted, 4% above your price');
  });

  it('says "at your price" within half a percent, and counts pieces as pieces', () => {
    expect(
      matchReasonText({
        sameGrade: false,
        quantity: { overlap: 1200, wanted: 5000, unit: 'pieces' },
        pricePercent: 0.3,
        distanceKm: 0,
      }),
    ).toBe('1,200 pieces of 5,000 pieces wanted, at your price, 0 km');
  });
});

describe('matchReasonText past the cap', () => {
  it('reads "far above your price" instead of a five-figure percentage', () => {
    expect(
      matchReasonText({
        sameGrade: false,
        quantity: { overlap: 1, wanted: 1, unit: 'tonnes' },
        pricePercent: 45024,
        distanceKm: null,
      }),
    ).toBe('1 t of 1 t wanted, far above your price');
  });
});
