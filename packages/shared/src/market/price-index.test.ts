import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePercent,
  compareWithIndex,
  computeIndexPoint,
  median,
  type PriceObservation,
} from './price-index.ts';

const deal = (companyKey: string, priceCentsPerTonne: number): PriceObservation => ({
  companyKey,
  priceCentsPerTonne,
  source: 'deal',
});
const listing = (companyKey: string, priceCentsPerTonne: number): PriceObservation => ({
  companyKey,
  priceCentsPerTonne,
  source: 'listing',
});
const rule = { minContributors: 3, previous: null };

describe('computeIndexPoint', () => {
  it('publishes nothing when fewer companies than the minimum contribute and nothing came before', () => {
    expect(computeIndexPoint([listing('a', 100), listing('b', 200)], rule)).toBeNull();
  });

  it('publishes from listings alone once three independent companies price the material', () => {
    const point = computeIndexPoint([listing('a', 100), listing('b', 200), listing('c', 300)], rule);
    expect(point).toEqual({
      priceCentsPerTonne: 200,
      contributors: 3,
      source: 'listings',
      carriedForward: false,
    });
  });

  it('gives each company one vote: ten listings by one trader count as one contributor', () => {
    const flood = Array.from({ length: 10 }, () => listing('a', 900));
    expect(computeIndexPoint([...flood, listing('b', 100)], rule)).toBeNull();
    const point = computeIndexPoint([...flood, listing('b', 100), listing('c', 110)], rule);
    expect(point?.contributors).toBe(3);
    expect(point?.priceCentsPerTonne).toBe(110);
  });

  it('averages a company’s prices before taking the median', () => {
    const point = computeIndexPoint(
      [listing('a', 100), listing('a', 300), listing('b', 150), listing('c', 500)],
      rule,
    );
    expect(point?.priceCentsPerTonne).toBe(200);
  });

  it('uses deals only when enough companies dealt, ignoring asking prices', () => {
    const point = computeIndexPoint(
      [deal('a', 100), deal('b', 110), deal('c', 120), listing('d', 999), listing('e', 999)],
      rule,
    );
    expect(point).toEqual({
      priceCentsPerTonne: 110,
      contributors: 3,
      source: 'deals',
      carriedForward: false,
    });
  });

  it('tops up too few deals with listings and labels the point so', () => {
    const point = computeIndexPoint([deal('a', 100), listing('b', 200), listing('c', 300)], rule);
    expect(point?.source).toBe('deals+listings');
    expect(point?.priceCentsPerTonne).toBe(200);
  });

  it('carries the previous value forward, marked, when too few companies contribute', () => {
    const point = computeIndexPoint([deal('a', 999)], {
      minContributors: 3,
      previous: { priceCentsPerTonne: 150 },
    });
    expect(point).toEqual({
      priceCentsPerTonne: 150,
      contributors: 1,
      source: 'carried forward',
      carriedForward: true,
    });
  });

  it('honours a different minimum from the settings', () => {
    const point = computeIndexPoint([listing('a', 100)], { minContributors: 1, previous: null });
    expect(point?.priceCentsPerTonne).toBe(100);
  });

  it('keeps the index within the range of company votes and resists one outlier', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 3, maxLength: 30 }),
        (prices) => {
          const observations = prices.map((p, i) => listing(`c${i}`, p));
          const point = computeIndexPoint(observations, rule);
          expect(point).not.toBeNull();
          expect(point?.priceCentsPerTonne).toBeGreaterThanOrEqual(Math.min(...prices));
          expect(point?.priceCentsPerTonne).toBeLessThanOrEqual(Math.max(...prices));
          // An outlier from a new company moves the median by at most one neighbouring vote.
          const withOutlier = computeIndexPoint([...observations, listing('outlier', 1_000_000_000)], rule);
          const sorted = [...prices].sort((a, b) => a - b);
          expect(withOutlier?.priceCentsPerTonne).toBeLessThanOrEqual(
            sorted[Math.ceil(sorted.length / 2)] as number,
          );
        },
      ),
    );
  });

  it('does not depend on the order observations arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            companyKey: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            priceCentsPerTonne: fc.integer({ min: 1, max: 1_000_000 }),
            source: fc.constantFrom('deal' as const, 'listing' as const),
          }),
          { maxLength: 20 },
        ),
        (observations) => {
          const reversed = [...observations].reverse();
          expect(computeIndexPoint(reversed, rule)).toEqual(computeIndexPoint(observations, rule));
        },
      ),
    );
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe('changePercent', () => {
  it('is the percent change with one decimal', () => {
    expect(changePercent(110, 100)).toBe(10);
    expect(changePercent(90, 120)).toBe(-25);
    expect(changePercent(1001, 3000)).toBe(-66.6);
  });

  it('is null without a base to compare with', () => {
    expect(changePercent(100, null)).toBeNull();
    expect(changePercent(null, 100)).toBeNull();
    expect(changePercent(100, 0)).toBeNull();
  });
});

describe('compareWithIndex', () => {
  it('says how far above or below the 30-day index a price is', () => {
    expect(compareWithIndex(108_000, 100_000)).toEqual({
      differencePercent: 8,
      label: '8% above the 30-day index',
    });
    expect(compareWithIndex(97_000, 100_000).label).toBe('3% below the 30-day index');
    expect(compareWithIndex(100_200, 100_000).label).toBe('At the 30-day index');
  });
});
