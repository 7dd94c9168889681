import { randomUUID } from 'node:crypto';
import type { ListingCategory } from '@app/shared/listings/listings.schemas';
import { gradeById, type MaterialGradeId } from '@app/shared/market/grades';
import type { Db } from '../db/client.ts';
import { listings } from '../db/schema.ts';

/**
 * The demo companies that posted the past year's lots. They are not the accounts a demo signs in
 * with, so those accounts' listing pages stay uncluttered by a year of expired lots.
 */
export const PRICE_HISTORY_TRADERS = [
  'anna@voltcycle.test',
  'diego@vidrio-claro.test',
  'sam@solidbase-aggregates.test',
  'lena@greenharvest-compost.test',
  'marcus@tread-again.test',
  'yuki@kanto-solvents.test',
  'omar@gulf-industrial.test',
  'claire@metro-mrf.test',
  'ben@timberloop.test',
] as const;

/**
 * The grades with a year of history and where their price per metric tonne (cents) stands today,
 * close to the demo's active listings so the chart runs on into the live index. `swing` is the
 * seasonal amplitude and `drift` the change over the year (today's level against a year ago's).
 */
const SERIES: { grade: MaterialGradeId; todayCents: number; swing: number; drift: number }[] = [
  { grade: 'barley', todayCents: 860_000, swing: 0.05, drift: 0.12 },
  { grade: 'birch', todayCents: 720_000, swing: 0.04, drift: 0.09 },
  { grade: 'taldon', todayCents: 155_000, swing: 0.06, drift: -0.04 },
  { grade: 'hms-1', todayCents: 33_500, swing: 0.08, drift: -0.07 },
  { grade: 'occ', todayCents: 10_500, swing: 0.12, drift: 0.18 },
  { grade: 'pet-bottles', todayCents: 38_500, swing: 0.07, drift: -0.1 },
  { grade: 'hdpe-natural', todayCents: 90_000, swing: 0.06, drift: 0.05 },
];

const DAY_MS = 86_400_000;
/** A lot every week for a year, ending before the active demo listings begin. */
const WEEKS = 50;
const LATEST_DAYS_AGO = 16;
const LOTS_PER_WEEK = 3;

/** Deterministic noise in [-1, 1], so every fresh demo database draws the same history. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

/**
 * A year of past, now expired, graded lots from several demo companies: what the price index is
 * computed from, so /market's 90- and 365-day charts show a history and not only the last fortnight.
 * Prices follow a seasonal swing and a drift with a few percent of noise per lot.
 */
export async function seedPriceHistory(db: Db, userIds: Map<string, string>, now: Date): Promise<number> {
  const owners = PRICE_HISTORY_TRADERS.map((email) => userIds.get(email)).filter(
    (id): id is string => id !== undefined,
  );
  if (owners.length < LOTS_PER_WEEK) return 0;
  const rows: (typeof listings.$inferInsert)[] = [];
  for (const [s, series] of SERIES.entries()) {
    const grade = gradeById(series.grade);
    if (!grade) continue;
    const category: ListingCategory = grade.category;
    for (let week = 0; week < WEEKS; week++) {
      const daysAgo = LATEST_DAYS_AGO + week * 7;
      const yearFraction = daysAgo / 365;
      const level =
        series.todayCents *
        (1 - series.drift * yearFraction) *
        (1 + series.swing * Math.sin(2 * Math.PI * (yearFraction + s / SERIES.length)));
      for (let lot = 0; lot < LOTS_PER_WEEK; lot++) {
        const seed = s * 10_000 + week * 10 + lot;
        const createdAt = new Date(now.getTime() - (daysAgo + lot) * DAY_MS - (seed % 9) * 3_600_000);
        const tonnes = Math.round(18 + (noise(seed + 7) + 1) * 30);
        const perTonne = Math.round(level * (1 + 0.03 * noise(seed)));
        const type = lot === 1 ? 'buy' : 'sell';
        rows.push({
          id: randomUUID(),
          userId: owners[(s + week + lot) % owners.length],
          type,
          title: `${grade.code ? `${grade.code}: ` : ''}${grade.name}, ${tonnes} t`,
          description: `${type === 'sell' ? 'Offered' : 'Wanted'}: ${tonnes} t. ${grade.description}.`,
          category,
          quantity: tonnes,
          unit: 'tonnes',
          priceCents: perTonne,
          location: 'Rotterdam, Netherlands',
          availability: 'immediate',
          grade: series.grade,
          supplyFrequency: 'one_off',
          quantityTonnes: tonnes,
          pricePerTonneCents: perTonne,
          status: 'expired',
          approvalStatus: 'approved',
          // Expired lots never match: marked as looked at, so the geocoding backlog passes them by.
          geocodedAt: createdAt,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + 30 * DAY_MS),
          expiresAt: new Date(createdAt.getTime() + 30 * DAY_MS),
          createdMonth: createdAt.getUTCMonth() + 1,
          createdYear: createdAt.getUTCFullYear(),
        });
      }
    }
  }
  await db.insert(listings).values(rows);
  return rows.length;
}
