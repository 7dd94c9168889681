/**
 * Fires marketplace searches at the real app (buildApp on PostgreSQL) and reports p50, p95 and req/s.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node bench/search-benchmark.ts [seconds] [concurrency]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the bench database');
const seconds = Number(process.argv[2] ?? 20);
const concurrency = Number(process.argv[3] ?? 16);

/** A mix like real traffic: browsing, a word, a partial word, filters, sorts, deep-ish pages. */
const QUERIES = [
  '',
  'q=copper',
  'q=bales&category=paper',
  'q=corrug',
  'q=PET flakes&sort=price_asc',
  'category=metals&sort=price_desc',
  'type=buy&category=plastics',
  'minPrice=100&maxPrice=400&unit=tons',
  'location=rotterdam',
  'q=denim&location=chennai',
  'availability=immediate&minQuantity=1000&sort=quantity_desc',
  'q=steel&type=sell&page=3',
  'category=textiles&page=5',
  'q=washed HDPE regrind',
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: '/tmp/recytrade-bench',
  });
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const app = await buildApp({ env, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/listings?`;

  // Warm up the caches once per query shape.
  for (const q of QUERIES) await (await fetch(base + q)).arrayBuffer();
  const latencies: number[] = [];
  const perQuery = new Map<string, number[]>();
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  let n = 0;
  async function worker() {
    while (Date.now() < deadline) {
      const q = QUERIES[n++ % QUERIES.length];
      const t = performance.now();
      const res = await fetch(base + q);
      await res.arrayBuffer();
      const ms = performance.now() - t;
      if (res.status !== 200) errors++;
      latencies.push(ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `requests: ${latencies.length} in ${elapsed.toFixed(1)} s, concurrency ${concurrency}, errors ${errors}`,
  );
  console.log(`req/s: ${(latencies.length / elapsed).toFixed(0)}`);
  console.log(
    `p50: ${percentile(latencies, 50).toFixed(1)} ms, p95: ${percentile(latencies, 95).toFixed(1)} ms, p99: ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  for (const [q, xs] of perQuery) {
    xs.sort((a, b) => a - b);
    console.log(
      `  ${(q || '(browse)').padEnd(60)} p50 ${percentile(xs, 50).toFixed(1)} ms  p95 ${percentile(xs, 95).toFixed(1)} ms`,
    );
  }
  await app.close();
  await database.close();
}

await main();
