import { describe, expect, it } from 'vitest';
import { marketPriceWarning, priceDifferenceText } from './price-difference.ts';
import { compareWithIndex } from './price-index.ts';

describe('priceDifferenceText', () => {
  it('gives the percentage up to 200% either way and "far above/under" past it', () => {
    expect(priceDifferenceText(6.2, 'your price')).toBe('6% above your price');
    expect(priceDifferenceText(-80, 'your price')).toBe('80% under your price');
    expect(priceDifferenceText(200, 'your price')).toBe('200% above your price');
    expect(priceDifferenceText(45024, 'your price')).toBe('far above your price');
    expect(priceDifferenceText(-250, 'your price')).toBe('far under your price');
    expect(priceDifferenceText(0.4, 'your price')).toBe('at your price');
  });

  it('caps index comparisons the same way', () => {
    expect(compareWithIndex(800_000, 100_000)).toEqual({
      differencePercent: 700,
      label: 'far above the 30-day index',
    });
    expect(compareWithIndex(108_000, 100_000).label).toBe('8% above the 30-day index');
  });
});

describe('marketPriceWarning', () => {
  it('warns under 20% and over 500% of the index, and says nothing inside or without an index', () => {
    expect(marketPriceWarning(19_000, 100_000)).toBe('far below the market: check the unit');
    expect(marketPriceWarning(20_000, 100_000)).toBeNull();
    expect(marketPriceWarning(500_000, 100_000)).toBeNull();
    expect(marketPriceWarning(500_001, 100_000)).toBe('far above the market: check the unit');
    expect(marketPriceWarning(19_000, null)).toBeNull();
  });
});
