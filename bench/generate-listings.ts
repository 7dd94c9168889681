/**
 * Fills a PostgreSQL database with N synthetic listings (default 1,000,000) through COPY FROM STDIN.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node bench/generate-listings.ts [count]
 * The listings indexes are dropped during the load and rebuilt after it (much faster than maintaining
 * GIN indexes row by row), then the table is analysed. Rows carry their coordinates, as a listing
 * posted through the product does, so the database leaves nothing to the geocoding backlog.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { geocodeLocation } from '../apps/server/src/modules/market/index.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the bench database');
const total = Number(process.argv[2] ?? 1_000_000);
const USERS = 2000;

const CATEGORIES = ['textiles', 'metals', 'plastics', 'paper'] as const;
const UNITS = ['tons', 'kg', 'pieces', 'pounds'] as const;
const AVAILABILITY = ['immediate', '1-week', '2-weeks', '1-month', 'flexible'] as const;
const MATERIALS: Record<(typeof CATEGORIES)[number], string[]> = {
  metals: [
    'copper wire',
    'HMS 1&2 steel',
    'aluminium UBC',
    'brass honey',
    'stainless 304',
    'lead batteries',
    'zinc die cast',
    'shredded steel',
  ],
  plastics: [
    'PET bottle bales',
    'HDPE regrind',
    'LDPE film',
    'PP crates',
    'ABS housings',
    'PVC profiles',
    'PET flakes',
    'PS foam',
  ],
  paper: [
    'OCC bales',
    'sorted office paper',
    'kraft cuttings',
    'mixed paper',
    'newspapers ONP',
    'magazines',
    'white ledger',
    'carton board',
  ],
  textiles: [
    'post-consumer textiles',
    'cotton cuttings',
    'denim cuttings',
    'polyester fibre',
    'wiping rags',
    'wool jumpers',
    'workwear',
    'mattress felt',
  ],
};
const ADJECTIVES = [
  'clean',
  'baled',
  'sorted',
  'mixed',
  'washed',
  'prime',
  'loose',
  'graded',
  'dry',
  'export',
];
const CITIES = [
  'Rotterdam, Netherlands',
  'Hamburg, Germany',
  'Chicago, USA',
  'Chennai, India',
  'Lima, Peru',
  'Oslo, Norway',
  'Accra, Ghana',
  'Shanghai, China',
  'São Paulo, Brazil',
  'Lyon, France',
  'Toronto, Canada',
  'Melbourne, Australia',
];

// mulberry32: a small, well-mixed deterministic generator (a naive LCG in doubles loses precision).
let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

async function main() {
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  await client.query('TRUNCATE listings, listing_images, listing_views CASCADE');
  const userIds = Array.from({ length: USERS }, (_, i) => `bench-user-${i}`);
  await client.query(
    `INSERT INTO users (id, name, email, email_verified, company) SELECT 'bench-user-' || g, 'Trader ' || g, 'trader' || g || '@bench.test', true, 'Company ' || g FROM generate_series(0, $1 - 1) g ON CONFLICT DO NOTHING`,
    [USERS],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'listings' AND indexname <> 'listings_pkey'`,
  );
  for (const ix of indexes) await client.query(`DROP INDEX IF EXISTS "${ix.name}"`);

  // Each city geocoded once; COPY's text format writes null as \N.
  const places = new Map(CITIES.map((city) => [city, geocodeLocation(city)]));
  const located = (city: string, at: Date) => {
    const place = places.get(city);
    return [
      city,
      place?.latitude ?? '\\N',
      place?.longitude ?? '\\N',
      place?.place ?? '\\N',
      at.toISOString(),
    ];
  };
  const now = Date.now();
  function* rows() {
    for (let i = 0; i < total; i++) {
      const category = pick(CATEGORIES);
      const material = pick(MATERIALS[category]);
      const title = `${pick(ADJECTIVES)} ${material} lot ${i % 997}`;
      const description = `${pick(ADJECTIVES)} ${material}, ${pick(ADJECTIVES)} and ${pick(ADJECTIVES)}; regular monthly volumes, inspection welcome, loading at our yard. Ref ${i}.`;
      const created = new Date(now - Math.floor(rnd() * 60 * 86_400_000));
      const approval = rnd() < 0.9 ? 'approved' : rnd() < 0.5 ? 'pending' : 'rejected';
      const status = rnd() < 0.9 ? 'active' : 'expired';
      const fields = [
        randomUUID(),
        pick(userIds),
        rnd() < 0.6 ? 'sell' : 'buy',
        title,
        description,
        category,
        (Math.round(rnd() * 100_000) / 100).toFixed(2),
        pick(UNITS),
        String(1 + Math.floor(rnd() * 500_000)),
        ...located(pick(CITIES), created),
        pick(AVAILABILITY),
        status,
        approval,
        rnd() < 0.01 ? 't' : 'f',
        created.toISOString(),
        created.toISOString(),
        String(created.getUTCMonth() + 1),
        String(created.getUTCFullYear()),
      ];
      yield `${fields.join('\t')}\n`;
    }
  }
  const copy = client.query(
    copyFrom(
      'COPY listings (id, user_id, type, title, description, category, quantity, unit, price_cents, location, latitude, longitude, geocoded_place, geocoded_at, availability, status, approval_status, is_featured, created_at, updated_at, created_month, created_year) FROM STDIN',
    ),
  );
  // Batches of rows per chunk keep the stream overhead low.
  async function* chunks() {
    let buffer: string[] = [];
    for (const line of rows()) {
      buffer.push(line);
      if (buffer.length === 5000) {
        yield buffer.join('');
        buffer = [];
      }
    }
    if (buffer.length) yield buffer.join('');
  }
  await pipeline(Readable.from(chunks()), copy);
  const loaded = Date.now();
  console.log(`COPY of ${total} listings: ${((loaded - started) / 1000).toFixed(1)} s`);
  await client.query('SET maintenance_work_mem = "512MB"');
  for (const ix of indexes) {
    const t = Date.now();
    await client.query(ix.def);
    console.log(`  ${ix.name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await client.query('VACUUM ANALYZE listings');
  console.log(`Total: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await client.end();
}

await main();
