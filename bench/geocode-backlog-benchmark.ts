/**
 * The geocoding backlog on the embedded database: a start with N listings that were never geocoded
 * (loaded in bulk, or older than geocoding), as the server starts (migrations, buildApp, listen).
 *
 * Usage: node bench/geocode-backlog-benchmark.ts [--listings=100000]
 *   PGlite in a scratch directory under the system's temporary directory, removed at the end.
 *
 * Data, generated in the database with INSERT ... SELECT generate_series: 200 traders; listings of the
 * 4 categories, buy or sell, 90 % in one of 30 cities written as traders write them, 10 % in
 * unresolvable places ("Yard 17"); no coordinates and never geocoded. The listings indexes are dropped
 * for the load and rebuilt after it, then ANALYZE.
 *
 * Reported: the time from buildApp to a listening server; how long the backlog takes from then until
 * no listing is left untried; and the latency of a marketplace search request (GET /api/listings?q=…,
 * over HTTP, one every 250 ms) while the backlog runs and for 5 s after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { migrateDatabase, openDatabase, rawQuery } from '../apps/server/src/db/client.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const TOTAL = Number(args.get('listings') ?? 100_000);
const USERS = 200;
const CITIES = [
  'Rotterdam, Netherlands',
  'Hamburg, Germany',
  'Antwerp, Belgium',
  'Chicago, IL',
  'Houston, TX',
  'Los Angeles, CA',
  'New York, NY',
  'Toronto, Canada',
  'Mexico City, Mexico',
  'São Paulo, Brazil',
  'Lima, Peru',
  'Santiago, Chile',
  'Lagos, Nigeria',
  'Accra, Ghana',
  'Nairobi, Kenya',
  'Cairo, Egypt',
  'Istanbul, Turkey',
  'Dubai, UAE',
  'Mumbai, India',
  'Chennai, India',
  'Karachi, Pakistan',
  'Dhaka, Bangladesh',
  'Shanghai, China',
  'Shenzhen, China',
  'Busan, South Korea',
  'Tokyo, Japan',
  'Ho Chi Minh City, Vietnam',
  'Jakarta, Indonesia',
  'Melbourne, Australia',
  'Lyon, France',
];
const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(0)} ms`;
  return `p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, max ${f(sorted.at(-1) ?? 0)} (n=${sorted.length})`;
};

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'recytrade-geocode-bench-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    await migrateDatabase(database);
    const loadStarted = performance.now();
    await rawQuery(
      database,
      `insert into users (id, name, email, email_verified, company)
       select 'bench-user-' || g, 'Trader ' || g, 'trader' || g || '@bench.test', true, 'Company ' || g
       from generate_series(0, ${USERS - 1}) g`,
    );
    const indexes = await rawQuery<{ name: string; def: string }>(
      database,
      `select indexname as name, indexdef as def from pg_indexes where tablename = 'listings' and indexname <> 'listings_pkey'`,
    );
    for (const ix of indexes) await rawQuery(database, `drop index "${ix.name}"`);
    await rawQuery(
      database,
      `insert into listings (id, user_id, type, title, description, category, quantity, unit, price_cents,
         location, availability, status, approval_status, created_at, updated_at, created_month, created_year)
       select 'lst_bench_' || g, 'bench-user-' || (g % ${USERS}), case when g % 2 = 0 then 'buy' else 'sell' end,
         'Baled copper wire lot ' || (g % 997), 'Clean and sorted, regular monthly volumes. Ref ' || g,
         (array['metals','plastics','paper','textiles'])[1 + g % 4], 20, 'tonnes', 100000,
         case when g % 10 = 0 then 'Yard ' || (g % 100)
           else (array[${CITIES.map(sqlText).join(',')}])[1 + (g / 10) % ${CITIES.length}] end,
         'immediate', 'active', 'approved', c, c, extract(month from c)::int, extract(year from c)::int
       from (select g, now() - (g % 86400) * interval '1 minute' as c from generate_series(1, ${TOTAL}) g) s`,
    );
    for (const ix of indexes) await rawQuery(database, ix.def);
    await rawQuery(database, 'analyze listings');
    console.log(
      `${TOTAL.toLocaleString('en-US')} listings never geocoded, loaded and indexed in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );

    const untried = async () =>
      Number(
        (
          await rawQuery<{ n: string }>(
            database,
            'select count(*) as n from listings where geocoded_at is null',
          )
        )[0].n,
      );
    const env = loadEnv({
      ...process.env,
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      APP_URL: 'http://localhost:3000',
      AUTH_SECRET: 'geocode-benchmark-secret-0123456789abcdef',
      DATA_DIR: dir,
      SEED_DEMO_DATA: 'false',
    });
    const started = performance.now();
    const app = await buildApp({ env, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const listening = performance.now();
    const left = await untried();
    console.log(
      `listening ${((listening - started) / 1000).toFixed(1)} s after buildApp began (${left.toLocaleString('en-US')} listings still untried)`,
    );

    const address = app.server.address();
    const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const search = async () => {
      const t = performance.now();
      const res = await fetch(`${origin}/api/listings?q=copper&page=1`, { headers: { origin: env.appUrl } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`search answered ${res.status}`);
      return performance.now() - t;
    };
    const during: number[] = [];
    let lastReport = performance.now();
    while ((await untried()) > 0) {
      during.push(await search());
      await sleep(250);
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(
          `  ${((lastReport - listening) / 1000).toFixed(0)} s: ${(await untried()).toLocaleString('en-US')} left`,
        );
      }
    }
    const done = performance.now();
    const after: number[] = [];
    while (performance.now() - done < 5_000) {
      after.push(await search());
      await sleep(250);
    }
    const [geocoded] = await rawQuery<{ found: string; unresolved: string }>(
      database,
      `select count(*) filter (where latitude is not null) as found, count(*) filter (where latitude is null) as unresolved from listings`,
    );
    const seconds = (done - listening) / 1000;
    console.log(
      `backlog done ${seconds.toFixed(1)} s after listening: ${Number(geocoded.found).toLocaleString('en-US')} geocoded, ${Number(geocoded.unresolved).toLocaleString('en-US')} unresolved (${Math.round(TOTAL / seconds).toLocaleString('en-US')} rows/s)`,
    );
    console.log(`search during the backlog: ${summary(during)}`);
    console.log(`search after it:           ${summary(after)}`);
    console.log(
      `resident memory ${(process.memoryUsage().rss / 2 ** 30).toFixed(2)} GB; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    await app.close();
    await database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
