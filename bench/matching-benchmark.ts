/**
 * Smart matching: the latency of the matching query for a new listing against 1,000,000 active listings.
 *
 * Usage: node bench/matching-benchmark.ts [--listings=1000000] [--runs=200] [--reuse]
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/) names the PostgreSQL server: the
 *   benchmark (re)creates the database bench_matching beside it with scripts/create-database.ts
 *   (--reuse keeps an existing one that already holds the listings) and leaves it for inspection.
 *
 * Data, generated in the database with INSERT ... SELECT generate_series: 2,000 traders; listings of
 * the 4 categories, half buy and half sell, 80 % with a grade of their category, mass units (tonnes,
 * short tons, kg, pounds) with a price per tonne around a per-category level (±40 %) and 1 to 1,000 t,
 * 10 % pieces; 40 cities plus 10 % unresolved places; 30 % of buy listings with a radius; 95 % active,
 * 5 % rejected. The listings indexes are dropped for the load and rebuilt after it, then ANALYZE.
 *
 * Measured: `findMatchCandidates` (the repository's one query, as the matching job runs it) for
 * `--runs` new listings drawn like the data, each inserted first as the job would find it; then
 * the same plus storing the matches (`replaceMatchesOf`), the job's whole database work.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { MATERIAL_GRADES } from '@app/shared/market/grades';
import { KG_PER_UNIT, type MassUnit } from '@app/shared/market/units';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import {
  findMatchCandidates,
  findMatchSubject,
  type MatchRule,
  MIN_QUANTITY_FIT,
  replaceMatchesOf,
} from '../apps/server/src/modules/market/index.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const TOTAL = Number(args.get('listings') ?? 1_000_000);
const RUNS = Number(args.get('runs') ?? 200);
const REUSE = args.has('reuse');
const USERS = 2000;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';

const CATEGORIES = ['metals', 'plastics', 'paper', 'textiles'] as const;
/** Typical price levels per tonne, in cents: the generated prices spread ±40 % around them. */
const PRICE_LEVEL: Record<(typeof CATEGORIES)[number], number> = {
  metals: 450_000,
  plastics: 60_000,
  paper: 15_000,
  textiles: 40_000,
};
const CITIES: Array<[string, number, number]> = [
  ['Rotterdam, Netherlands', 51.9225, 4.47917],
  ['Hamburg, Germany', 53.55073, 9.99302],
  ['Antwerp, Belgium', 51.21989, 4.40346],
  ['Chicago, IL', 41.85003, -87.65005],
  ['Houston, TX', 29.76328, -95.36327],
  ['Los Angeles, CA', 34.05223, -118.24368],
  ['New York, NY', 40.71427, -74.00597],
  ['Toronto, Canada', 43.70011, -79.4163],
  ['Mexico City, Mexico', 19.42847, -99.12766],
  ['Sao Paulo, Brazil', -23.5475, -46.63611],
  ['Buenos Aires, Argentina', -34.61315, -58.37723],
  ['London, UK', 51.50853, -0.12574],
  ['Paris, France', 48.85341, 2.3488],
  ['Milan, Italy', 45.46427, 9.18951],
  ['Madrid, Spain', 40.4165, -3.70256],
  ['Warsaw, Poland', 52.22977, 21.01178],
  ['Istanbul, Turkey', 41.01384, 28.94966],
  ['Dubai, UAE', 25.07725, 55.30927],
  ['Mumbai, India', 19.07283, 72.88261],
  ['Chennai, India', 13.08784, 80.27847],
  ['Karachi, Pakistan', 24.8608, 67.0104],
  ['Dhaka, Bangladesh', 23.7104, 90.40744],
  ['Shanghai, China', 31.22222, 121.45806],
  ['Shenzhen, China', 22.54554, 114.0683],
  ['Tianjin, China', 39.14222, 117.17667],
  ['Hong Kong', 22.27832, 114.17469],
  ['Singapore', 1.28967, 103.85007],
  ['Jakarta, Indonesia', -6.21462, 106.84513],
  ['Ho Chi Minh City, Vietnam', 10.82302, 106.62965],
  ['Bangkok, Thailand', 13.75398, 100.50144],
  ['Busan, South Korea', 35.10168, 129.03004],
  ['Tokyo, Japan', 35.6895, 139.69171],
  ['Osaka, Japan', 34.69374, 135.50218],
  ['Sydney, Australia', -33.86785, 151.20732],
  ['Johannesburg, South Africa', -26.20227, 28.04363],
  ['Lagos, Nigeria', 6.45407, 3.39467],
  ['Cairo, Egypt', 30.06263, 31.24967],
  ['Jeddah, Saudi Arabia', 21.54238, 39.19797],
  ['Genoa, Italy', 44.40478, 8.94439],
  ['Gdansk, Poland', 54.35205, 18.64637],
];
const MASS_UNITS: MassUnit[] = ['tonnes', 'tonnes', 'tons', 'tons', 'kg', 'pounds'];
const RADII = [250, 500, 1000, 2000];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: readonly (string | number)[]) =>
  `array[${items.map((i) => (typeof i === 'number' ? String(i) : sqlText(i))).join(',')}]`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  return `${label}: p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1])} (n=${sorted.length})`;
};

/**
 * The SQL that draws listings' columns, one row per row of `series` (which names a column g), shared
 * by the bulk load and the new listings. The inner query's random() values are drawn once per row
 * (PostgreSQL does not flatten a subquery with volatile functions), so the outer one can reuse them.
 */
function listingSelect(idExpr: string, createdAt: string, series: string) {
  const gradeCount = (c: string) => MATERIAL_GRADES.filter((g) => g.category === c).length;
  const gradesOf = (c: string) => sqlArray(MATERIAL_GRADES.filter((g) => g.category === c).map((g) => g.id));
  const gradeCase = `case r.category ${CATEGORIES.map((c) => `when ${sqlText(c)} then (${gradesOf(c)})[1 + floor(random() * ${gradeCount(c)})::int]`).join(' ')} end`;
  const levelCase = `case a.category ${CATEGORIES.map((c) => `when ${sqlText(c)} then ${PRICE_LEVEL[c]}`).join(' ')} end`;
  const kgCase = `case r.unit ${Object.entries(KG_PER_UNIT)
    .map(([u, kg]) => `when ${sqlText(u)} then ${kg}`)
    .join(' ')} end`;
  const cities = sqlArray(CITIES.map((c) => `${c[0]}|${c[1]}|${c[2]}`));
  return `
    select ${idExpr}, 'bench-user-' || floor(random() * ${USERS})::int, r.type,
      initcap(r.category) || ' lot', 'Benchmark listing', r.category,
      case when r.unit = 'pieces' then r.pieces else greatest(0.01, round((r.tonnes * 1000 / ${kgCase})::numeric, 2)) end,
      r.unit,
      greatest(1, case when r.unit = 'pieces' then r.piece_price else round(r.ppt * ${kgCase} / 1000) end)::int,
      coalesce(r.city[1], 'Yard ' || floor(random() * 100)::int), 'immediate',
      case when random() < 0.95 then 'active' else 'expired' end,
      case when random() < 0.95 then 'approved' else 'rejected' end,
      extract(month from ${createdAt})::int, extract(year from ${createdAt})::int,
      case when random() < 0.8 then ${gradeCase} end,
      case when r.unit = 'pieces' then null else round(r.tonnes::numeric, 4) end,
      case when r.unit = 'pieces' then null else r.ppt end,
      r.city[2]::float8, r.city[3]::float8, r.city[1], ${createdAt},
      case when r.type = 'buy' and random() < 0.3 then (${sqlArray(RADII)})[1 + floor(random() * ${RADII.length})::int] end,
      ${createdAt}, ${createdAt}
    from (
      select a.*, round(${levelCase} * (0.6 + random() * 0.8))::int as ppt
      from (
        select g,
          (${sqlArray(CATEGORIES)})[1 + floor(random() * ${CATEGORIES.length})::int] as category,
          case when random() < 0.5 then 'buy' else 'sell' end as type,
          case when random() < 0.1 then 'pieces' else (${sqlArray(MASS_UNITS)})[1 + floor(random() * ${MASS_UNITS.length})::int] end as unit,
          case when random() < 0.9 then string_to_array((${cities})[1 + floor(random() * ${CITIES.length})::int], '|') end as city,
          exp(random() * ln(1000)) as tonnes,
          1 + floor(random() * 5000)::int as pieces,
          100 + floor(random() * 10000)::int as piece_price
        from ${series}
      ) a
    ) r`;
}

const COLUMNS = `id, user_id, type, title, description, category, quantity, unit, price_cents, location, availability,
  status, approval_status, created_month, created_year, grade, quantity_tonnes, price_per_tonne_cents,
  latitude, longitude, geocoded_place, geocoded_at, match_radius_km, created_at, updated_at`;

async function main() {
  let url: string;
  const base = new URL(BASE_URL);
  if (REUSE) {
    base.pathname = '/bench_matching';
    url = base.toString();
  } else {
    url = execFileSync(process.execPath, ['scripts/create-database.ts', BASE_URL, 'bench_matching'], {
      encoding: 'utf8',
    }).trim();
  }
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();

  const { rows: countRows } = await client.query<{ n: string }>('select count(*) as n from listings');
  if (Number(countRows[0].n) < TOTAL) {
    const started = performance.now();
    await client.query(
      `insert into users (id, name, email, email_verified, company)
       select 'bench-user-' || g, 'Trader ' || g, 'trader' || g || '@bench.test', true, 'Company ' || g
       from generate_series(0, ${USERS - 1}) g on conflict do nothing`,
    );
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where tablename = 'listings' and indexname <> 'listings_pkey'`,
    );
    for (const ix of indexes) await client.query(`drop index if exists "${ix.name}"`);
    const batch = 100_000;
    for (let from = Number(countRows[0].n); from < TOTAL; from += batch) {
      const to = Math.min(TOTAL, from + batch);
      await client.query(
        `insert into listings (${COLUMNS}) ${listingSelect(
          `'lst_bench_' || g`,
          `now() - random() * interval '60 days'`,
          `generate_series(${from}, ${to - 1}) g`,
        )}`,
      );
      process.stdout.write(`\rinserted ${to.toLocaleString('en-US')} listings`);
    }
    process.stdout.write('\n');
    for (const ix of indexes) await client.query(ix.def);
    await client.query('vacuum analyze listings');
    console.log(
      `generated ${TOTAL.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } else {
    await client.query('analyze listings');
  }

  const { rows: sizeRows } = await client.query<{ size: string; active: string }>(
    `select pg_size_pretty(pg_total_relation_size('listings')) as size,
       (select count(*) from listings where status = 'active' and approval_status <> 'rejected') as active`,
  );
  console.log(
    `listings: table + indexes ${sizeRows[0].size}, ${Number(sizeRows[0].active).toLocaleString('en-US')} visible`,
  );

  const rule: MatchRule = {
    toleranceBps: 1000,
    minQuantityFit: MIN_QUANTITY_FIT,
    preModeration: false,
    limit: 20,
  };
  await client.query(`delete from listings where id like 'lst_new_%'`);
  // Warm-up: a few queries so the first measured one does not pay for cold caches alone.
  const query: number[] = [];
  const whole: number[] = [];
  const graded: number[] = [];
  const ungraded: number[] = [];
  let matched = 0;
  for (let i = 0; i < RUNS + 10; i++) {
    const id = `lst_new_${i}`;
    await client.query(
      `insert into listings (${COLUMNS}) ${listingSelect(`'${id}'`, 'now()', 'generate_series(1, 1) g')}`,
    );
    await client.query(`update listings set status = 'active', approval_status = 'approved' where id = $1`, [
      id,
    ]);
    const subject = await findMatchSubject(database.db, id);
    if (!subject) throw new Error(`listing ${id} missing`);
    const t0 = performance.now();
    const candidates = await findMatchCandidates(database.db, subject, rule);
    const t1 = performance.now();
    await database.db.transaction((tx) =>
      replaceMatchesOf(
        tx,
        id,
        candidates.map((c) => ({
          buyListingId: subject.type === 'buy' ? id : c.id,
          sellListingId: subject.type === 'sell' ? id : c.id,
          score: c.score,
          reasons: {
            sameGrade: false,
            quantity: { overlap: 0, wanted: 0, unit: 'tonnes' },
            pricePercentForBuyer: 0,
            pricePercentForSeller: 0,
            distanceKm: c.distanceKm,
          },
        })),
        new Date(),
      ),
    );
    const t2 = performance.now();
    if (i < 10) continue;
    query.push(t1 - t0);
    (subject.grade === null ? ungraded : graded).push(t1 - t0);
    whole.push(t2 - t0);
    matched += candidates.length;
  }
  console.log(
    `machine: load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(summary('matching query', query));
  console.log(summary('  new listings with a grade', graded));
  console.log(summary('  new listings without one', ungraded));
  console.log(summary('query + store matches', whole));
  console.log(`matches per new listing: ${(matched / RUNS).toFixed(1)} on average`);
  await client.query(`delete from listings where id like 'lst_new_%'`);
  await client.end();
  await database.close();
}

await main();
