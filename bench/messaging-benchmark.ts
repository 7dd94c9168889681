/**
 * Realtime messaging: delivery latency of `message.created` from the HTTP send to the other
 * participant's WebSocket, with 1,000 connected clients in 500 two-person conversations.
 *
 * Usage: node bench/messaging-benchmark.ts [--instances=1|2] [--clients=1000] [--messages=3000]
 *          [--rate=200] [--bursts=5] [--same-thread] [--keep-database]
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/) names the PostgreSQL server: the
 *   benchmark creates a scratch database beside it and drops it at the end.
 *
 * Each app instance is `buildApp` on an ephemeral port with its own pool and LISTEN connection, in a
 * worker thread of this process (so two instances use both cores, as two processes would); with
 * --same-thread they share the main thread. The clients (the `ws` sockets and the HTTP senders) run
 * on the main thread, so send and receipt are timed on one clock (`performance.now()`).
 *
 * Setup, by the fastest legitimate path: users and Better Auth session rows are inserted directly
 * and each cookie is signed with the auth secret exactly as Better Auth signs it (HMAC-SHA256), which
 * skips 1,000 scrypt password hashes; one cookie is checked through `GET /api/me` before the run.
 * Conversations are opened with the messaging service's `openConversation` as general (`contact`)
 * conversations, which both members may write in without a contact fee or a deal.
 *
 * Phases: warm-up (one message per pair), steady (`--messages` sent open-loop at `--rate` per second,
 * round robin over the pairs, each from the pair's first member), then `--bursts` bursts in which all
 * 500 senders send at once. With two instances the members of a pair sit on different instances and
 * every sender posts to its own instance, so each delivery crosses LISTEN/NOTIFY between instances.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { type Database, migrateDatabase, openDatabase, rawQuery } from '../apps/server/src/db/client.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const APP_URL = 'http://localhost:3000';
const AUTH_SECRET = 'messaging-benchmark-secret-0123456789abcdef';
const SESSION_COOKIE = 'recytrade.session_token';
const DELIVERY_TIMEOUT_MS = 15_000;

const benchEnv = (url: string) =>
  loadEnv({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    APP_URL,
    AUTH_SECRET,
    DATA_DIR: '/tmp/recytrade-bench',
  });

/** Since the previous question: event-loop utilisation and the thread's own CPU time. */
type Utilization = { elu: number; cpuMs: number };
type InstanceCommand = { type: 'utilization' } | { type: 'close' };
type InstanceReport =
  | { type: 'ready'; port: number }
  | { type: 'utilization'; usage: Utilization }
  | { type: 'closed' };

/** One app instance, as the production server starts it (minus the web files and the demo seed). */
async function startInstance(
  url: string,
): Promise<{ app: FastifyInstance; database: Database; port: number }> {
  const database = await openDatabase({ url });
  const app = await buildApp({ env: benchEnv(url), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, port: (app.server.address() as AddressInfo).port };
}

/** The worker side: run one instance and answer the main thread's commands. */
async function serveInstance() {
  const port = parentPort;
  if (!port) throw new Error('serveInstance runs in a worker thread');
  const { app, database, port: listening } = await startInstance(String(workerData.url));
  let last = performance.eventLoopUtilization();
  let lastCpu = process.threadCpuUsage();
  port.on('message', async (command: InstanceCommand) => {
    if (command.type === 'utilization') {
      const now = performance.eventLoopUtilization();
      const cpu = process.threadCpuUsage(lastCpu);
      port.postMessage({
        type: 'utilization',
        usage: {
          elu: performance.eventLoopUtilization(now, last).utilization,
          cpuMs: (cpu.user + cpu.system) / 1000,
        },
      } satisfies InstanceReport);
      last = now;
      lastCpu = process.threadCpuUsage();
    } else {
      await app.close();
      await database.close();
      port.postMessage({ type: 'closed' } satisfies InstanceReport);
      port.close();
    }
  });
  port.postMessage({ type: 'ready', port: listening } satisfies InstanceReport);
}

/** The main thread's handle on an instance, wherever it runs. */
type Instance = { port: number; utilization(): Promise<Utilization | null>; close(): Promise<void> };

async function launchInstance(url: string, sameThread: boolean): Promise<Instance> {
  if (sameThread) {
    const { app, database, port } = await startInstance(url);
    return {
      port,
      utilization: async () => null,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }
  const worker = new Worker(new URL(import.meta.url), { workerData: { url } });
  const waiting = new Map<InstanceReport['type'], Array<(m: InstanceReport) => void>>();
  worker.on('message', (m: InstanceReport) => {
    for (const resolve of waiting.get(m.type)?.splice(0) ?? []) resolve(m);
  });
  // An instance that fails leaves nothing to measure (and its database behind, for a look).
  worker.on('error', (err) => {
    console.error('An instance failed:', err);
    process.exit(1);
  });
  const next = (type: InstanceReport['type']) =>
    new Promise<InstanceReport>((resolve) => {
      waiting.set(type, [...(waiting.get(type) ?? []), resolve]);
    });
  const ready = await next('ready');
  return {
    port: ready.type === 'ready' ? ready.port : 0,
    async utilization() {
      const answer = next('utilization');
      worker.postMessage({ type: 'utilization' } satisfies InstanceCommand);
      const m = await answer;
      return m.type === 'utilization' ? m.usage : null;
    },
    async close() {
      const closed = next('closed');
      worker.postMessage({ type: 'close' } satisfies InstanceCommand);
      await closed;
      await worker.terminate();
    },
  };
}

// --- measurement helpers ---

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Busy and total jiffies of the whole machine (every process, PostgreSQL included). */
function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * CPU milliseconds used so far by the PostgreSQL server's processes on this machine: the live ones'
 * own time, plus the time of the backends that ended, which the postmaster holds as its children's.
 */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / 100; // clock ticks of 10 ms (CLK_TCK 100 on Linux)
}

function parseArgs() {
  const args = new Map<string, string>();
  for (const arg of process.argv.slice(2)) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    args.set(key, value ?? 'true');
  }
  const number = (key: string, fallback: number) => Number(args.get(key) ?? fallback);
  const options = {
    instances: number('instances', 1),
    clients: number('clients', 1000),
    messages: number('messages', 3000),
    rate: number('rate', 200),
    bursts: number('bursts', 5),
    sameThread: args.has('same-thread'),
    keepDatabase: args.has('keep-database'),
  };
  if (![1, 2].includes(options.instances)) throw new Error('--instances must be 1 or 2');
  if (options.clients < 2 || options.clients % 2 !== 0) throw new Error('--clients must be an even number');
  return options;
}

// --- setup ---

type Member = { userId: string; cookie: string; instance: number };
type Pair = { conversationId: string; sender: Member; receiver: Member };

/** Inserts verified users with one Better Auth session each; returns their ids and signed cookies. */
async function createUsers(
  database: Database,
  count: number,
): Promise<Array<{ userId: string; cookie: string }>> {
  const users = await rawQuery<{ id: string }>(
    database,
    `INSERT INTO users (id, name, email, email_verified, company)
     SELECT gen_random_uuid()::text, 'Bench Trader ' || g, 'bench' || g || '@messaging-bench.test', true, 'Bench Co ' || g
     FROM generate_series(1, $1) g ORDER BY g RETURNING id`,
    [count],
  );
  const tokens = users.map(() => randomBytes(24).toString('base64url'));
  await rawQuery(
    database,
    `INSERT INTO sessions (id, token, user_id, expires_at)
     SELECT gen_random_uuid()::text, t.token, t.user_id, now() + interval '1 day'
     FROM unnest($1::text[], $2::text[]) AS t(token, user_id)`,
    [tokens, users.map((u) => u.id)],
  );
  // better-call's signed cookie: `${value}.${base64 HMAC-SHA256(secret, value)}`, URI-encoded.
  const sign = (token: string) =>
    encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`);
  return users.map((u, i) => ({ userId: u.id, cookie: `${SESSION_COOKIE}=${sign(tokens[i])}` }));
}

// --- the clients ---

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  port: number,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          cookie,
          origin: APP_URL,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type Sent = { sentAt: number; respondedAt?: number; deliveredAt?: number };

/** The message book: when each numbered message left, was answered and reached its recipient. */
class Ledger {
  sent = new Map<number, Sent>();
  errors = 0;
  private waiters: Array<() => void> = [];
  private outstanding = 0;

  record(seq: number) {
    this.sent.set(seq, { sentAt: performance.now() });
    this.outstanding++;
  }
  delivered(seq: number, at: number) {
    const entry = this.sent.get(seq);
    if (!entry || entry.deliveredAt !== undefined) return;
    entry.deliveredAt = at;
    if (--this.outstanding === 0) for (const w of this.waiters.splice(0)) w();
  }
  /** Resolves when every message sent so far has been delivered, or after the timeout. */
  drained(timeoutMs: number): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

let ledger = new Ledger();
const CONTENT_PREFIX = 'bench message ';

/** Opens a member's socket; every `message.created` from the other participant is a delivery. */
function connect(port: number, member: Member): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
    headers: { origin: APP_URL, cookie: member.cookie },
  });
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data)) as {
        type: string;
        userId?: string | null;
        senderId?: string;
        message?: { content: string } | null;
      };
      if (frame.type === 'hello') {
        if (frame.userId === member.userId) resolve(socket);
        else reject(new Error(`The socket of ${member.userId} was greeted as ${frame.userId}`));
      } else if (frame.type === 'message.created' && frame.senderId !== member.userId) {
        const content = frame.message?.content ?? '';
        if (content.startsWith(CONTENT_PREFIX))
          ledger.delivered(Number(content.slice(CONTENT_PREFIX.length)), at);
      }
    });
    socket.once('error', reject);
  });
}

async function send(pair: Pair, ports: number[], seq: number) {
  ledger.record(seq);
  const entry = ledger.sent.get(seq) as Sent;
  try {
    const res = await request(
      ports[pair.sender.instance],
      'POST',
      `/api/conversations/${pair.conversationId}/messages`,
      pair.sender.cookie,
      { content: `${CONTENT_PREFIX}${seq}` },
    );
    entry.respondedAt = performance.now();
    if (res.status !== 201) ledger.errors++;
  } catch {
    ledger.errors++;
  }
}

type PhaseResult = {
  phase: string;
  sent: number;
  delivered: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latency: number[];
  http: number[];
  serverElu: Array<number | null>;
  /** CPU milliseconds per delivered message: the instances' threads, and every PostgreSQL process. */
  serverCpuPerMessage: number | null;
  postgresCpuPerMessage: number;
  clientElu: number;
  machineCpu: number;
};

/** Runs one phase and summarises what it sent. */
async function measure(phase: string, instances: Instance[], run: () => Promise<void>): Promise<PhaseResult> {
  ledger = new Ledger();
  await Promise.all(instances.map((i) => i.utilization()));
  const cpuBefore = machineCpu();
  const postgresBefore = postgresCpuMs();
  const eluBefore = performance.eventLoopUtilization();
  const started = performance.now();
  await run();
  await ledger.drained(DELIVERY_TIMEOUT_MS);
  const entries = [...ledger.sent.values()];
  const lastDelivery = Math.max(...entries.map((e) => e.deliveredAt ?? 0));
  const seconds = (Math.max(lastDelivery, started) - started) / 1000;
  const cpuAfter = machineCpu();
  const postgresMs = postgresCpuMs() - postgresBefore;
  const usage = await Promise.all(instances.map((i) => i.utilization()));
  const delivered = entries.filter((e) => e.deliveredAt !== undefined);
  const serverCpuMs = usage.every((u) => u !== null)
    ? usage.reduce((n, u) => n + (u as Utilization).cpuMs, 0)
    : null;
  return {
    phase,
    sent: entries.length,
    delivered: delivered.length,
    errors: ledger.errors,
    seconds,
    perSecond: delivered.length / seconds,
    latency: delivered.map((e) => (e.deliveredAt as number) - e.sentAt).sort((a, b) => a - b),
    http: entries
      .filter((e) => e.respondedAt !== undefined)
      .map((e) => (e.respondedAt as number) - e.sentAt)
      .sort((a, b) => a - b),
    serverElu: usage.map((u) => u?.elu ?? null),
    serverCpuPerMessage: serverCpuMs === null ? null : serverCpuMs / delivered.length,
    postgresCpuPerMessage: postgresMs / delivered.length,
    clientElu: performance.eventLoopUtilization(performance.eventLoopUtilization(), eluBefore).utilization,
    machineCpu: (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total),
  };
}

/** Open loop: message k leaves at k / rate seconds, whatever the earlier ones are doing. */
function steady(pairs: Pair[], ports: number[], total: number, rate: number): Promise<void> {
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      while (next < due) {
        inFlight.push(send(pairs[next % pairs.length], ports, next));
        next++;
      }
      if (next < total) setTimeout(tick, 1);
      else void Promise.all(inFlight).then(() => resolve());
    };
    tick();
  });
}

async function burst(pairs: Pair[], ports: number[], round: number): Promise<void> {
  await Promise.all(pairs.map((pair, i) => send(pair, ports, round * pairs.length + i)));
}

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
const pct = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

function printTable(results: PhaseResult[]) {
  const header = [
    'phase',
    'sent',
    'delivered',
    'errors',
    'msg/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'http p50',
    'http p99',
    'server ELU',
    'server CPU/msg',
    'pg CPU/msg',
    'client ELU',
    'machine CPU',
  ];
  const rows = results.map((r) => [
    r.phase,
    String(r.sent),
    String(r.delivered),
    String(r.errors),
    r.perSecond.toFixed(0),
    ms(percentile(r.latency, 50)),
    ms(percentile(r.latency, 95)),
    ms(percentile(r.latency, 99)),
    ms(r.latency.at(-1) ?? Number.NaN),
    ms(percentile(r.http, 50)),
    ms(percentile(r.http, 99)),
    r.serverElu.map(pct).join(' / '),
    r.serverCpuPerMessage === null ? '-' : `${r.serverCpuPerMessage.toFixed(2)} ms`,
    `${r.postgresCpuPerMessage.toFixed(2)} ms`,
    pct(r.clientElu),
    pct(r.machineCpu),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
}

async function main() {
  const options = parseArgs();
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  const url = await createScratchDatabase(base, `bench_messaging_${process.pid}`);
  const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
  log(
    `scratch database ${new URL(url).pathname.slice(1)}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // Setup on an instance of its own that never listens: migrations, users, sessions, conversations.
  const setupDatabase = await openDatabase({ url });
  await migrateDatabase(setupDatabase);
  const setupApp = await buildApp({ env: benchEnv(url), database: setupDatabase });
  let t = performance.now();
  const users = await createUsers(setupDatabase, options.clients);
  log(`${users.length} users with sessions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const check = await setupApp.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: users[0].cookie },
  });
  if (check.json().user?.id !== users[0].userId)
    throw new Error(`The signed cookie was refused: ${check.body}`);

  t = performance.now();
  const pairs: Pair[] = [];
  const pairCount = users.length / 2;
  for (let start = 0; start < pairCount; start += 25) {
    const batch = Array.from({ length: Math.min(25, pairCount - start) }, (_, k) => start + k);
    pairs.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const [a, b] = [users[2 * i], users[2 * i + 1]];
          const { conversation } = await setupApp.services.messaging.openConversation({
            starterId: a.userId,
            recipientId: b.userId,
            subject: `Bench pair ${i}`,
            // A general conversation (as a premium start opens): both may write without a deal.
            origin: 'contact',
            firstMessage: { content: 'Hello' },
          });
          // With two instances the members sit on different ones: every delivery crosses NOTIFY.
          const home = i % options.instances;
          return {
            conversationId: conversation.id,
            sender: { ...a, instance: home },
            receiver: { ...b, instance: (home + 1) % options.instances },
          };
        }),
      )),
    );
  }
  log(`${pairs.length} conversations in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await setupApp.close();
  await setupDatabase.close();

  const instances = await Promise.all(
    Array.from({ length: options.instances }, () => launchInstance(url, options.sameThread)),
  );
  const ports = instances.map((i) => i.port);
  log(
    `${instances.length} instance(s) on ports ${ports.join(', ')} (${options.sameThread ? 'main thread' : 'worker threads'})`,
  );

  t = performance.now();
  const members = pairs.flatMap((p) => [p.sender, p.receiver]);
  const sockets: WebSocket[] = [];
  for (let start = 0; start < members.length; start += 100)
    sockets.push(
      ...(await Promise.all(members.slice(start, start + 100).map((m) => connect(ports[m.instance], m)))),
    );
  log(`${sockets.length} sockets connected in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const results: PhaseResult[] = [];
  const warmUp = await measure('warm-up', instances, () => burst(pairs, ports, 0));
  log(`warm-up: ${warmUp.delivered}/${warmUp.sent} delivered`);
  results.push(
    await measure(`steady ${options.rate}/s`, instances, () =>
      steady(pairs, ports, options.messages, options.rate),
    ),
  );
  log('steady phase done');
  for (let round = 0; round < options.bursts; round++)
    results.push(await measure(`burst ${round + 1}`, instances, () => burst(pairs, ports, round)));
  if (options.bursts > 1) {
    const bursts = results.filter((r) => r.phase.startsWith('burst'));
    results.push({
      phase: 'bursts, all',
      sent: bursts.reduce((n, r) => n + r.sent, 0),
      delivered: bursts.reduce((n, r) => n + r.delivered, 0),
      errors: bursts.reduce((n, r) => n + r.errors, 0),
      seconds: bursts.reduce((n, r) => n + r.seconds, 0),
      perSecond: bursts.reduce((n, r) => n + r.delivered, 0) / bursts.reduce((n, r) => n + r.seconds, 0),
      latency: bursts.flatMap((r) => r.latency).sort((a, b) => a - b),
      http: bursts.flatMap((r) => r.http).sort((a, b) => a - b),
      serverElu: instances.map((_, i) => {
        const values = bursts.map((r) => r.serverElu[i]).filter((v) => v !== null);
        return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
      }),
      serverCpuPerMessage: bursts.every((r) => r.serverCpuPerMessage !== null)
        ? bursts.reduce((n, r) => n + (r.serverCpuPerMessage as number) * r.delivered, 0) /
          bursts.reduce((n, r) => n + r.delivered, 0)
        : null,
      postgresCpuPerMessage:
        bursts.reduce((n, r) => n + r.postgresCpuPerMessage * r.delivered, 0) /
        bursts.reduce((n, r) => n + r.delivered, 0),
      clientElu: bursts.reduce((n, r) => n + r.clientElu, 0) / bursts.length,
      machineCpu: bursts.reduce((n, r) => n + r.machineCpu, 0) / bursts.length,
    });
  }

  console.log();
  console.log(
    `${options.clients} clients, ${pairs.length} conversations, ${instances.length} instance(s) ` +
      `(${options.sameThread ? 'main thread' : 'worker threads'}), load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  printTable(results);
  console.log(
    'latency: HTTP send → message.created at the other participant; http: send → 201; server ELU: event-loop ' +
      'utilisation per instance; CPU/msg: CPU time of the instance threads and of all PostgreSQL processes per ' +
      'delivered message; machine CPU: both cores, every process',
  );

  for (const s of sockets) s.terminate();
  agent.destroy();
  await Promise.all(instances.map((i) => i.close()));
  if (!options.keepDatabase) {
    const name = new URL(url).pathname.slice(1);
    const admin = await openDatabase({ url: base });
    await rawQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.close();
  }
}

if (isMainThread) await main();
else await serveInstance();
