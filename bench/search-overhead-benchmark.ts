/**
 * How much the server adds to its own SQL: each cheap marketplace search shape over HTTP against the
 * server running as its own process, side by side with the same statements run raw by pgbench.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node bench/search-overhead-benchmark.ts
 *          [--seconds=5] [--concurrency=4] [--rounds=2] [--show-sql] [--no-mix] [--server-root=DIR]
 *   --server-root: run the server of another checkout (an earlier commit, for a before/after).
 *
 * 1. Capture: the server starts behind a small PostgreSQL wire-protocol tap (this process), each shape
 *    is requested twice to warm up and three times under the tap; the statements of the third request
 *    that also ran in the two before it (so no background job's poll) are that shape's SQL, with
 *    their parameters written in as literals.
 * 2. Measure: the server restarts straight on PostgreSQL. Per round and shape: the app over HTTP
 *    (keep-alive, `concurrency` clients) for `seconds`, then the captured statements under pgbench
 *    (one transaction = one request's statements, simple protocol, the same clients and seconds).
 * 3. The search mix (bench/search-queries.ts) over HTTP: req/s and p95.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, SEARCH_MIX } from './search-queries.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database filled by bench/generate-listings.ts');
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = arg('seconds', 5);
const CONCURRENCY = arg('concurrency', 4);
const ROUNDS = arg('rounds', 2);
const SHOW_SQL = process.argv.includes('--show-sql');
const MIX = !process.argv.includes('--no-mix');

/** The cheap shapes: each is one index walk when the server does nothing needless. */
const SHAPES: { name: string; query: string }[] = [
  { name: 'browse', query: '' },
  { name: 'category', query: 'category=metals' },
  { name: 'q=copper', query: 'q=copper' },
  { name: 'price sort', query: 'sort=price_asc' },
  { name: 'deep page', query: 'page=50' },
];

const ROOT = path.resolve(
  process.argv.find((a) => a.startsWith('--server-root='))?.split('=')[1] ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const target = new URL(url);
const pgHost = target.hostname || '127.0.0.1';
const pgPort = Number(target.port || 5432);

type Statement = { text: string; params: (string | null)[] };

/**
 * A TCP relay in front of PostgreSQL that reads the frontend's messages: simple queries ('Q') and the
 * extended protocol's Parse ('P', kept per connection and name) and Bind ('B', one execution).
 */
async function startWireTap(): Promise<{ port: number; take(): Statement[]; close(): Promise<void> }> {
  let seen: Statement[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(pgPort, pgHost);
    sockets.add(client).add(upstream);
    const parsed = new Map<string, string>();
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          // 80877103 asks for TLS (answered "no" upstream); anything else is the startup message.
          if (buffer.readInt32BE(4) !== 80877103) started = true;
          buffer = buffer.subarray(len);
          continue;
        }
        if (buffer.length < 5) return;
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        const body = buffer.subarray(5, len + 1);
        const type = String.fromCharCode(buffer[0]);
        buffer = buffer.subarray(len + 1);
        if (type === 'Q') seen.push({ text: cstring(body, 0)[0], params: [] });
        if (type === 'P') {
          const [name, at] = cstring(body, 0);
          parsed.set(name, cstring(body, at)[0]);
        }
        if (type === 'B') seen.push(readBind(body, parsed));
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    take() {
      const out = seen;
      seen = [];
      return out;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function cstring(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

function readBind(body: Buffer, parsed: Map<string, string>): Statement {
  let at = cstring(body, 0)[1];
  const [name, afterName] = cstring(body, at);
  at = afterName;
  const formatCount = body.readInt16BE(at);
  const formats = Array.from({ length: formatCount }, (_, i) => body.readInt16BE(at + 2 + 2 * i));
  at += 2 + 2 * formatCount;
  const paramCount = body.readInt16BE(at);
  at += 2;
  const params: (string | null)[] = [];
  for (let i = 0; i < paramCount; i++) {
    const len = body.readInt32BE(at);
    at += 4;
    if (len < 0) {
      params.push(null);
      continue;
    }
    const bytes = body.subarray(at, at + len);
    at += len;
    const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
    params.push(binary ? `\\x${bytes.toString('hex')}` : bytes.toString('utf8'));
  }
  return { text: parsed.get(name) ?? '', params };
}

/** The statement with its parameters written in as literals (untyped, as a parameter is). */
function inline(s: Statement): string {
  const sql = s.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = s.params[Number(n) - 1];
    return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
  });
  return `${sql.replace(/\s*\n\s*/g, ' ').replace(/;\s*$/, '')};`;
}

/** Starts `node apps/server/src/server.ts` on the given database and waits for its health check. */
async function startServer(
  databaseUrl: string,
): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'recytrade-overhead-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX: 'true',
      SEED_DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer its health check in 120 s');
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(250);
  }
  return {
    origin,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(origin: string, pathAndQuery: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathAndQuery}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** CPU milliseconds (user + system) a process has used, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * `concurrency` keep-alive clients for `seconds`, cycling through `queries`; with the server's and
 * this client's CPU time per request (the server's own cost does not depend on the machine's load).
 */
async function drive(server: { origin: string; pid: number }, queries: string[], seconds: number) {
  const { origin } = server;
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const serverCpu = cpuMs(server.pid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const q = queries[n++ % queries.length];
        const t = performance.now();
        const status = await get(origin, `/api/listings${q ? `?${q}` : ''}`);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientCpu);
  return {
    rps: latencies.length / elapsed,
    latencies,
    errors,
    serverMsPerRequest: (cpuMs(server.pid) - serverCpu) / latencies.length,
    clientMsPerRequest: (client.user + client.system) / 1000 / latencies.length,
  };
}

/** pgbench over the script for `seconds`: transactions per second. */
function pgbench(script: string, seconds: number): Promise<number> {
  const args = [
    '-n',
    '-M',
    'simple',
    '-c',
    String(CONCURRENCY),
    '-j',
    String(Math.min(CONCURRENCY, os.cpus().length)),
    '-T',
    String(seconds),
    '-f',
    script,
    '-h',
    pgHost,
    '-p',
    String(pgPort),
    '-U',
    decodeURIComponent(target.username || 'postgres'),
    decodeURIComponent(target.pathname.slice(1)),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/pgbench', args, {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(target.password) },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const tps = /tps = ([\d.]+)/.exec(out);
      if (code !== 0 || !tps) reject(new Error(`pgbench failed (${code}):\n${out}`));
      else resolve(Number(tps[1]));
    });
  });
}

async function capture(): Promise<Map<string, Statement[]>> {
  const tap = await startWireTap();
  const server = await startServer(`postgres://${target.username}@127.0.0.1:${tap.port}${target.pathname}`);
  const byShape = new Map<string, Statement[]>();
  try {
    for (const shape of SHAPES) {
      const path = `/api/listings${shape.query ? `?${shape.query}` : ''}`;
      for (let i = 0; i < 2; i++) await get(server.origin, path);
      const windows: Statement[][] = [];
      for (let i = 0; i < 3; i++) {
        tap.take();
        await get(server.origin, path);
        // The statements were all answered before the response: nothing of this request is in flight.
        windows.push(tap.take());
      }
      const inAll = (s: Statement) => windows.every((w) => w.some((o) => o.text === s.text));
      byShape.set(shape.name, windows[2].filter(inAll));
    }
  } finally {
    await server.stop();
    await tap.close();
  }
  return byShape;
}

async function main() {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${load()}; ` +
      `concurrency ${CONCURRENCY}, ${SECONDS} s per run, ${ROUNDS} rounds`,
  );
  const captured = await capture();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'recytrade-overhead-sql-'));
  const scripts = new Map<string, string>();
  for (const shape of SHAPES) {
    const statements = captured.get(shape.name) ?? [];
    const file = path.join(workDir, `${shape.name.replace(/\W+/g, '-')}.sql`);
    writeFileSync(file, `${statements.map(inline).join('\n')}\n`);
    scripts.set(shape.name, file);
    if (SHOW_SQL) {
      console.log(`\n${shape.name}: ${statements.length} statements`);
      for (const s of statements) console.log(`  ${inline(s).slice(0, 400)}`);
    }
  }

  const server = await startServer(url as string);
  const results = new Map(
    SHAPES.map((s) => [
      s.name,
      {
        app: [] as number[],
        raw: [] as number[],
        ms: [] as number[],
        server: [] as number[],
        client: [] as number[],
      },
    ]),
  );
  try {
    // Warm the server's and PostgreSQL's caches for every shape before timing anything.
    await drive(
      server,
      SHAPES.map((s) => s.query),
      2,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const shape of SHAPES) {
        const r = results.get(shape.name);
        if (!r) continue;
        const app = await drive(server, [shape.query], SECONDS);
        if (app.errors) console.log(`  ${shape.name}: ${app.errors} errors`);
        r.app.push(app.rps);
        r.server.push(app.serverMsPerRequest);
        r.client.push(app.clientMsPerRequest);
        r.ms.push(...app.latencies);
        r.raw.push(await pgbench(scripts.get(shape.name) as string, SECONDS));
      }
    }
    console.log(
      `\n${'shape'.padEnd(12)}${'statements'.padStart(11)}${'app req/s'.padStart(11)}${'raw tps'.padStart(10)}` +
        `${'ratio'.padStart(8)}${'app p50'.padStart(10)}${'app p95'.padStart(10)}` +
        `${'server CPU'.padStart(12)}${'client CPU'.padStart(12)}  (ms per request)`,
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const shape of SHAPES) {
      const r = results.get(shape.name);
      if (!r) continue;
      const ms = r.ms.sort((a, b) => a - b);
      console.log(
        `${shape.name.padEnd(12)}${String(captured.get(shape.name)?.length ?? 0).padStart(11)}` +
          `${mean(r.app).toFixed(0).padStart(11)}${mean(r.raw).toFixed(0).padStart(10)}` +
          `${`${((100 * mean(r.app)) / mean(r.raw)).toFixed(0)}%`.padStart(8)}` +
          `${`${percentile(ms, 50).toFixed(1)} ms`.padStart(10)}${`${percentile(ms, 95).toFixed(1)} ms`.padStart(10)}` +
          `${mean(r.server).toFixed(2).padStart(12)}${mean(r.client).toFixed(2).padStart(12)}`,
      );
    }
    if (MIX) {
      const mix = await drive(server, SEARCH_MIX, SECONDS * 2);
      const ms = mix.latencies.sort((a, b) => a - b);
      console.log(
        `\nsearch mix (${SEARCH_MIX.length} shapes, ${SECONDS * 2} s): ${mix.rps.toFixed(0)} req/s, ` +
          `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, ` +
          `p99 ${percentile(ms, 99).toFixed(1)} ms, server CPU ${mix.serverMsPerRequest.toFixed(2)} ms per request, ` +
          `errors ${mix.errors}`,
      );
    }
    console.log(`load average at the end: ${load()}`);
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
