/**
 * Fires marketplace searches at the real app (buildApp on PostgreSQL) and reports p50, p95 and req/s.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node bench/search-benchmark.ts [seconds] [concurrency] [--v1]
 *   --v1: the public API's GET /api/v1/listings with a bearer token and keyset cursors instead of the
 *   web app's page numbers (a "page=N" shape starts from the cursor that N-1 pages lead to).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { percentile, SEARCH_MIX as QUERIES } from './search-queries.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the bench database');
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seconds = Number(positional[0] ?? 20);
const concurrency = Number(positional[1] ?? 16);
const V1 = process.argv.includes('--v1');

async function main() {
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: '/tmp/recytrade-bench',
    // The benchmark is one client far above a trader's budget.
    API_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const app = await buildApp({ env, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const base = `${origin}${V1 ? '/api/v1/listings' : '/api/listings'}?`;
  const headers: Record<string, string> = V1 ? { authorization: `Bearer ${await v1Token(app, origin)}` } : {};
  const queries = V1 ? await withCursors(base, headers) : QUERIES;

  // Warm up the caches once per query shape.
  for (const q of queries) await (await fetch(base + q, { headers })).arrayBuffer();
  const latencies: number[] = [];
  const perQuery = new Map<string, number[]>();
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  let n = 0;
  async function worker() {
    while (Date.now() < deadline) {
      const q = queries[n++ % queries.length];
      const t = performance.now();
      const res = await fetch(base + q, { headers });
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

/** A bench trader's bearer token: an API key made through the service, exchanged over HTTP. */
async function v1Token(app: Awaited<ReturnType<typeof buildApp>>, origin: string): Promise<string> {
  // bench/generate-listings.ts creates the traders bench-user-0 … bench-user-1999.
  const user = { id: 'bench-user-0', email: 'trader0@bench.test', name: 'Trader 0' };
  const key = await app.services.publicApi.createKey(user, { name: `bench ${Date.now()}` });
  const res = await fetch(`${origin}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: key.secret }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The query shapes for the cursor API: "page=N" becomes the cursor N-1 pages lead to. */
async function withCursors(base: string, headers: Record<string, string>): Promise<string[]> {
  const shapes: string[] = [];
  for (const q of QUERIES) {
    const match = /(?:^|&)page=(\d+)/.exec(q);
    const filters = q.replace(/&?page=\d+/, '').replace(/^&/, '');
    let cursor: string | null = null;
    for (let page = 1; page < Number(match?.[1] ?? 1); page++) {
      const res = await fetch(`${base}${filters}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers,
      });
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    shapes.push(cursor ? `${filters}&cursor=${encodeURIComponent(cursor)}` : filters);
  }
  return shapes;
}

await main();
