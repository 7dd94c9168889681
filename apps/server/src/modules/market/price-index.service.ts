import type { ListingCategory } from '@app/shared/listings/listings.schemas';
import { familyOfGrade, isBlendedSeries } from '@app/shared/market/grade-families';
import {
  changePercent,
  compareWithIndex,
  computeIndexPoint,
  INDEX_WINDOW_DAYS,
  median,
  type PriceObservation,
} from '@app/shared/market/price-index';
import type {
  CompareBatchBody,
  CompareBatchResult,
  CompareQuery,
  IndexComparison,
  IndexSeries,
  IndexSeriesQuery,
  MarketIndex,
} from '@app/shared/market/price-index.schemas';
import { pricePerTonneCents } from '@app/shared/market/units';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import * as repo from './price-index.repository.ts';

export type PriceIndexService = ReturnType<typeof createPriceIndexService>;

/** How much history a first run writes, so a new installation's charts have a year to show. */
export const BACKFILL_DAYS = 365;

const DAY_MS = 86_400_000;
const toDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  toDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
// ISO days compare as strings.
const earlierDay = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);
const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const seriesKey = (category: string, grade: string | null) => `${category}|${grade ?? ''}`;

/** The price index per category and grade: recomputed by the job, read by the public /market endpoints. */
export function createPriceIndexService(deps: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  realtime: Pick<RealtimeService, 'publishToAll'>;
}) {
  const { db, clock } = deps;

  /**
   * Recomputes the points from the first day without one (at most a year back; yesterday at the least,
   * so a late event of the previous UTC day is counted) through today, then tells open /market pages.
   * `rebuildYear` recomputes the whole year: after the demo seed dates its deal history back.
   */
  async function recompute(
    opts: { rebuildYear?: boolean } = {},
  ): Promise<{ fromDay: string; toDay: string; points: number; computedAt: Date }> {
    const computedAt = clock.now();
    const today = toDay(computedAt);
    const lastDay = opts.rebuildYear ? null : await repo.findLastDay(db);
    const earliest = addDays(today, -(BACKFILL_DAYS - 1));
    // From the first day without points, capped at a year back; yesterday at the latest (late events).
    const yesterday = addDays(today, -1);
    const firstMissing = lastDay === null ? earliest : addDays(lastDay, 1);
    const start = laterDay(earliest, earlierDay(firstMissing, yesterday));
    const windowStart = addDays(start, -(INDEX_WINDOW_DAYS - 1));
    const [dealRows, listingRows, previousRows, minContributors] = await Promise.all([
      repo.findDealObservations(db, windowStart, today),
      repo.findListingObservations(db, windowStart, today),
      repo.findLatestPointsBefore(db, start),
      deps.settings.get('market.index_min_contributors'),
    ]);

    // Each observation counts for its grade's series and for its whole category's.
    const series = new Map<
      string,
      { category: ListingCategory; grade: string | null; observations: repo.ObservationRow[] }
    >();
    const seriesOf = (category: ListingCategory, grade: string | null) => {
      const key = seriesKey(category, grade);
      const existing = series.get(key);
      if (existing) return existing;
      const created = { category, grade, observations: [] as repo.ObservationRow[] };
      series.set(key, created);
      return created;
    };
    for (const row of [...dealRows, ...listingRows]) {
      // A category's figure only where it does not blend families (textiles): issue 20.
      if (!isBlendedSeries(row.category, null)) seriesOf(row.category, null).observations.push(row);
      if (row.grade) seriesOf(row.category, row.grade).observations.push(row);
    }
    const previous = new Map<string, { priceCentsPerTonne: number }>();
    for (const row of previousRows) {
      if (isBlendedSeries(row.category, row.grade)) continue;
      seriesOf(row.category, row.grade);
      previous.set(seriesKey(row.category, row.grade), { priceCentsPerTonne: row.priceCentsPerTonne });
    }

    const rows: Parameters<typeof repo.replacePoints>[3] = [];
    for (let day = start; day <= today; day = addDays(day, 1)) {
      const windowFrom = addDays(day, -(INDEX_WINDOW_DAYS - 1));
      for (const [key, s] of series) {
        const observations: PriceObservation[] = s.observations.filter(
          (o) => o.day >= windowFrom && o.day <= day,
        );
        const point = computeIndexPoint(observations, {
          minContributors,
          previous: previous.get(key) ?? null,
        });
        if (!point) continue;
        previous.set(key, point);
        rows.push({ category: s.category, grade: s.grade, day, ...point, computedAt });
      }
    }
    await repo.replacePoints(db, start, today, rows);
    await deps.realtime.publishToAll({ type: 'market.index.updated', computedAt: computedAt.toISOString() });
    return { fromDay: start, toDay: today, points: rows.length, computedAt };
  }

  /** The latest point of every category and grade, with its change over 7 and 30 days. */
  async function getIndex(): Promise<MarketIndex> {
    const today = toDay(clock.now());
    const [allLatest, minContributors] = await Promise.all([
      repo.findLatestPoints(db, today),
      deps.settings.get('market.index_min_contributors'),
    ]);
    // Blended points written before families existed stay in history but are not shown.
    const latest = allLatest.filter((p) => !isBlendedSeries(p.category, p.grade));
    const baseDays = [...new Set(latest.flatMap((p) => [addDays(p.day, -7), addDays(p.day, -30)]))];
    const bases = new Map(
      (await repo.findPointsOnDays(db, baseDays)).map((p) => [
        `${seriesKey(p.category, p.grade)}|${p.day}`,
        p,
      ]),
    );
    const baseOf = (p: repo.PriceIndexPointRow, days: number) =>
      bases.get(`${seriesKey(p.category, p.grade)}|${addDays(p.day, -days)}`)?.priceCentsPerTonne ?? null;
    const computedAt = latest.reduce<Date | null>(
      (max, p) => (max && max > p.computedAt ? max : p.computedAt),
      null,
    );
    return {
      entries: latest.map((p) => ({
        category: p.category,
        grade: p.grade,
        day: p.day,
        priceCentsPerTonne: p.priceCentsPerTonne,
        change7dPercent: changePercent(p.priceCentsPerTonne, baseOf(p, 7)),
        change30dPercent: changePercent(p.priceCentsPerTonne, baseOf(p, 30)),
        contributors: p.contributors,
        source: p.source,
        carriedForward: p.carriedForward,
        computedAt: p.computedAt.toISOString(),
      })),
      minContributors,
      computedAt: computedAt?.toISOString() ?? null,
    };
  }

  /** One category's (or grade's) points over the last 30, 90 or 365 days. */
  async function getSeries(query: IndexSeriesQuery): Promise<IndexSeries> {
    const today = toDay(clock.now());
    const grade = query.grade ?? null;
    const points = isBlendedSeries(query.category, grade)
      ? []
      : await repo.findSeries(db, {
          category: query.category,
          grade,
          afterDay: addDays(today, -query.days),
          toDay: today,
        });
    return {
      category: query.category,
      grade,
      days: query.days,
      points: points.map((p) => ({
        day: p.day,
        priceCentsPerTonne: p.priceCentsPerTonne,
        contributors: p.contributors,
        source: p.source,
        carriedForward: p.carriedForward,
      })),
    };
  }

  /**
   * How each price compares with the 30-day average of its grade's published points, else with its
   * grade family's (the median of the family's grade averages), never with a category figure that
   * blends families; a listing without a grade only in a one-family category (textiles). No figure
   * without an index or for pieces.
   */
  async function compareMany(items: CompareBatchBody['items']): Promise<CompareBatchResult> {
    const published = await repo.findPublishedAverages(db, addDays(toDay(clock.now()), -INDEX_WINDOW_DAYS));
    const averages = new Map(published.map((a) => [seriesKey(a.category, a.grade), a.averageCentsPerTonne]));
    const indexOf = (item: CompareBatchBody['items'][number]) => {
      const grade = item.grade ?? null;
      if (isBlendedSeries(item.category, grade)) return null;
      const own = averages.get(seriesKey(item.category, grade));
      if (own !== undefined) return { value: own, name: undefined };
      const family = familyOfGrade(grade);
      const siblings = (family?.grades ?? []).flatMap((g) => averages.get(seriesKey(item.category, g)) ?? []);
      if (!family || siblings.length === 0) return null;
      return { value: Math.round(median(siblings)), name: `the 30-day ${family.name.toLowerCase()} index` };
    };
    return {
      results: items.map((item) => {
        const index = indexOf(item);
        const perTonne = pricePerTonneCents(item.priceCents, item.unit);
        if (index === null || index.value <= 0 || perTonne === null)
          return { key: item.key, indexCentsPerTonne: null, differencePercent: null, label: null };
        return {
          key: item.key,
          indexCentsPerTonne: index.value,
          ...compareWithIndex(perTonne, index.value, index.name),
        };
      }),
    };
  }

  /** One price against the index: see compareMany. */
  async function compare(query: CompareQuery): Promise<IndexComparison> {
    const { results } = await compareMany([{ key: 'price', ...query }]);
    const { key: _key, ...comparison } = results[0] as CompareBatchResult['results'][number];
    return comparison;
  }

  return { recompute, getIndex, getSeries, compare, compareMany };
}
