import { priceDifferenceText } from './price-difference.ts';

/**
 * The price index rule, in one place (issue 10, "Prices and trends"). Like the metals indices traders
 * know, a point is published only when enough independent companies contribute; completed deals
 * outrank asking prices; each company has one vote, so one trader posting ten listings cannot move
 * the index; the median of those votes shrugs off a typo'd price.
 */

export type PriceObservationSource = 'deal' | 'listing';

/** One price seen in the market, per metric tonne. */
export type PriceObservation = {
  /** The trader whose price it is: the seller of a deal or sell listing, the buyer of a buy listing. */
  companyKey: string;
  priceCentsPerTonne: number;
  source: PriceObservationSource;
};

/** The periods /market's chart offers, in days. */
export const SERIES_DAYS = [30, 90, 365] as const;
export type SeriesDays = (typeof SERIES_DAYS)[number];

/** The most prices one compare request may ask about. */
export const COMPARE_BATCH_MAX = 100;

export const INDEX_POINT_SOURCES = ['deals', 'deals+listings', 'listings', 'carried forward'] as const;
export type IndexPointSource = (typeof INDEX_POINT_SOURCES)[number];

export type IndexPoint = {
  priceCentsPerTonne: number;
  /** Independent companies that priced the material in the window (also when too few to publish). */
  contributors: number;
  source: IndexPointSource;
  carriedForward: boolean;
};

/** The 30-day window each day's point reads: that day and the 29 before it. */
export const INDEX_WINDOW_DAYS = 30;

export const INDEX_SOURCE_LABELS: Record<IndexPointSource, string> = {
  deals: 'Deals',
  'deals+listings': 'Deals + listings',
  listings: 'Listings',
  'carried forward': 'Carried forward',
};

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Each company's average price: one vote per company. */
function companyVotes(observations: readonly PriceObservation[]): number[] {
  const byCompany = new Map<string, { sum: number; count: number }>();
  for (const o of observations) {
    const entry = byCompany.get(o.companyKey) ?? { sum: 0, count: 0 };
    entry.sum += o.priceCentsPerTonne;
    entry.count += 1;
    byCompany.set(o.companyKey, entry);
  }
  return [...byCompany.values()].map((e) => e.sum / e.count);
}

const distinctCompanies = (observations: readonly PriceObservation[]) =>
  new Set(observations.map((o) => o.companyKey)).size;

/**
 * The index point of one category (and grade) on one day from the window's observations. Deals alone
 * when enough companies dealt; else deals and listings together; else the previous value carries
 * forward, marked so (null when there is nothing to carry).
 */
export function computeIndexPoint(
  observations: readonly PriceObservation[],
  opts: { minContributors: number; previous: { priceCentsPerTonne: number } | null },
): IndexPoint | null {
  const usable = observations.filter(
    (o) => Number.isFinite(o.priceCentsPerTonne) && o.priceCentsPerTonne > 0,
  );
  const deals = usable.filter((o) => o.source === 'deal');
  const min = Math.max(1, opts.minContributors);
  const dealCompanies = distinctCompanies(deals);
  if (dealCompanies >= min) {
    return {
      priceCentsPerTonne: Math.round(median(companyVotes(deals))),
      contributors: dealCompanies,
      source: 'deals',
      carriedForward: false,
    };
  }
  const allCompanies = distinctCompanies(usable);
  if (allCompanies >= min) {
    return {
      priceCentsPerTonne: Math.round(median(companyVotes(usable))),
      contributors: allCompanies,
      source: deals.length > 0 ? 'deals+listings' : 'listings',
      carriedForward: false,
    };
  }
  if (!opts.previous) return null;
  return {
    priceCentsPerTonne: opts.previous.priceCentsPerTonne,
    contributors: allCompanies,
    source: 'carried forward',
    carriedForward: true,
  };
}

/** Percent change from `base` to `latest`, one decimal; null without a base. */
export function changePercent(latest: number | null, base: number | null): number | null {
  if (latest === null || base === null || base <= 0) return null;
  return Math.round(((latest - base) / base) * 1000) / 10;
}

/**
 * How a price compares with the 30-day index: "8% above the 30-day index", "3% below the 30-day
 * index", "At the 30-day index" when it rounds to zero, "far above the 30-day index" past the cap;
 * `indexName` names another index ("the 30-day copper index").
 */
export function compareWithIndex(
  priceCentsPerTonne: number,
  indexCentsPerTonne: number,
  indexName = 'the 30-day index',
): { differencePercent: number; label: string } {
  const differencePercent = Math.round(
    ((priceCentsPerTonne - indexCentsPerTonne) / indexCentsPerTonne) * 100,
  );
  if (differencePercent === 0) return { differencePercent: 0, label: `At ${indexName}` };
  const label = priceDifferenceText(differencePercent, indexName, {
    above: 'above',
    below: 'below',
    at: 'at',
  });
  return { differencePercent, label };
}
