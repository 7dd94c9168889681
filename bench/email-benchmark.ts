/**
 * Email outbox: how fast queued email reaches an SMTP server. A local smtp-server sink accepts every
 * message; the app (buildApp, with the mailer the server uses for SMTP_URL: pooled connections) sends
 * to it.
 *
 * Usage: node bench/email-benchmark.ts [--emails=1000] [--keep-database]
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/) names the PostgreSQL server: the
 *   benchmark creates a scratch database beside it and drops it at the end. With --pglite it runs on
 *   an in-memory PGlite instead.
 *
 * Phases:
 *   burst:   `--emails` queueEmail calls as a busy hour makes them (50 at a time, each after its own
 *            commit), timed from the first call until the sink holds the last email;
 *   backlog: `--emails` emails written in one transaction (as after an SMTP outage), then one pass of
 *            the sender, timed until the sink holds the last.
 * Reported: emails per second, and the delay from queueing to receipt (median, p95, max) in the burst.
 */
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { type Database, migrateDatabase, openDatabase, rawQuery } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/modules/notifications/index.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const EMAILS = Number(args.get('emails') ?? 1000);
const CONCURRENCY = 50;

/** The sink: accepts every message and notes when each arrived (by its subject). */
async function startSink() {
  const received = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
        received.set(subject, performance.now());
        if (waiter && received.size >= waiter.count) waiter.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (received.size >= count) resolve();
        else waiter = { count, resolve };
      }),
    reset: () => received.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (args.has('pglite')) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { database, drop: async () => {} };
  }
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  const url = await createScratchDatabase(base, `bench_email_${process.pid}`);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      if (args.has('keep-database')) return;
      const admin = await openDatabase({ url: base });
      await rawQuery(admin, `DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
      await admin.close();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const sink = await startSink();
  const { database, drop } = await openBenchDatabase();
  const env = loadEnv({
    ...process.env,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'email-benchmark-secret-0123456789abcdef',
    DATA_DIR: '/tmp/recytrade-bench',
  });
  const app = await buildApp({ env, database, mailer: createMailer(sink.url) });
  await app.ready();
  const { notifications } = app.services;
  const email = (phase: string, i: number) => ({
    to: `trader-${i}@example.test`,
    kind: 'benchmark',
    subject: `${phase} ${i}`,
    text: `Your offer on lot ${i} was accepted.`,
    html: `<p>Your offer on lot <b>${i}</b> was accepted.</p>`,
  });

  // Burst: queueEmail as request handlers call it, CONCURRENCY at a time.
  const queuedAt = new Map<string, number>();
  const burstStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EMAILS) {
        const i = next++;
        queuedAt.set(`burst ${i}`, performance.now());
        await notifications.queueEmail(email('burst', i));
      }
    }),
  );
  await sink.until(EMAILS);
  const burstSeconds = (performance.now() - burstStart) / 1000;
  const delays = [...sink.received].map(([s, at]) => at - (queuedAt.get(s) ?? at)).sort((a, b) => a - b);

  // Backlog: everything already queued (one transaction), then the sender drains it.
  sink.reset();
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < EMAILS; i++) await notifications.queueEmail(email('backlog', i), { tx });
  });
  const backlogStart = performance.now();
  await notifications.drainOutbox();
  await sink.until(EMAILS);
  const backlogSeconds = (performance.now() - backlogStart) / 1000;

  console.log(`database: ${database.kind}, emails per phase: ${EMAILS}`);
  console.log(
    `burst:   ${(EMAILS / burstSeconds).toFixed(0)} emails/s (${burstSeconds.toFixed(2)} s); queue→receipt ` +
      `median ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, ` +
      `max ${(delays.at(-1) ?? 0).toFixed(0)} ms`,
  );
  console.log(`backlog: ${(EMAILS / backlogSeconds).toFixed(0)} emails/s (${backlogSeconds.toFixed(2)} s)`);

  await app.close();
  await database.close();
  await sink.close();
  await drop();
}

await main();
