import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/test-database.ts';
import { LISTENER_APPLICATION_NAME } from './lib/pubsub.ts';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
/** How long PostgreSQL keeps dropping the server's connections, and how often. */
const DROPS_MS = 12_000;
const DROP_EVERY_MS = 200;
/** About 8 requests per second, reads and writes in turn. */
const REQUEST_EVERY_MS = 125;

type Outcome =
  | { request: string; status: number; retryAfter: string | null }
  | { request: string; failure: string };

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real server (`node apps/server/src/server.ts`) on `databaseUrl`; resolves with its address once it listens. */
async function startServer(
  databaseUrl: string,
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'recytrade-drops-'));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      // The sign-ups and sign-ins below are the load, not an attack.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  // A first start on an empty database runs every migration: slow on a busy machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening && output.includes('"msg":"started"'))
      return { child, baseUrl: listening[1], output: () => output };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`The server did not start:\n${output}`);
}

/** One request; a refused connection or a timeout is an outcome too (the test asserts there are none). */
async function send(request: string, url: string, init: RequestInit = {}): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return { request, status: res.status, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { request, failure: cause?.code ?? cause?.message ?? String(err) };
  }
}

function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

// PostgreSQL only: PGlite runs inside the server's process and has no connections to drop.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the server while PostgreSQL drops its connections',
  () => {
    it('answers every request (503 with Retry-After at worst), stays up, and recovers its pool, LISTEN, job queue and outbox', async () => {
      const base = String(process.env.TEST_DATABASE_URL);
      const name = `test_drops_${process.pid}`;
      const databaseUrl = await createScratchDatabase(base, name);
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
        await admin.end();
      });
      const { child, baseUrl, output } = await startServer(databaseUrl);
      // The test's own connection to the server's database: the drops spare it.
      const own = new pg.Client({ connectionString: databaseUrl });
      await own.connect();
      cleanups.push(() => own.end().catch(() => {}));
      const ownPid = (await own.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;

      // A confirmed trader, signed in: their requests read the session.
      const trader = { email: 'trader@drops.example', password: 'correct-horse-battery' };
      const signUpBody = (email: string) =>
        postJson({
          company: 'Drops Metals',
          sector: 'Metal Recycling',
          fullName: 'Dana Drops',
          email,
          password: trader.password,
        });
      expect(
        await send('sign-up', `${baseUrl}/api/accounts/sign-up`, signUpBody(trader.email)),
      ).toMatchObject({
        status: 201,
      });
      await own.query('update users set email_verified = true where email = $1', [trader.email]);
      const signIn = await fetch(`${baseUrl}/api/accounts/sign-in`, postJson(trader));
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      // No Origin header: the same-origin guard accepts what the browser marks same-origin.
      const asTrader = { cookie, 'sec-fetch-site': 'same-origin' };

      let signUps = 0;
      const requests = {
        health: () => send('GET /api/health', `${baseUrl}/api/health`),
        listings: () => send('GET /api/listings', `${baseUrl}/api/listings`),
        me: () => send('GET /api/me', `${baseUrl}/api/me`, { headers: asTrader }),
        // A wrong password: reads the sign-in limits and records the failed attempt.
        signIn: () =>
          send(
            'POST /api/accounts/sign-in',
            `${baseUrl}/api/accounts/sign-in`,
            postJson({ email: trader.email, password: 'not-the-password' }),
          ),
        // A transaction (a lock, a count, an insert).
        createKey: () =>
          send('POST /api/me/api-keys', `${baseUrl}/api/me/api-keys`, {
            ...postJson({ name: 'drops' }),
            headers: { ...asTrader, 'content-type': 'application/json' },
          }),
        // A new account, with its confirmation email queued in the outbox.
        signUp: () =>
          send(
            'POST /api/accounts/sign-up',
            `${baseUrl}/api/accounts/sign-up`,
            signUpBody(`new${++signUps}@drops.example`),
          ),
      };
      expect(await requests.health()).toMatchObject({ status: 200 });

      // While the drops last, the test holds the API keys table: every key creation waits inside its
      // transaction when its connection is cut, as a transaction that was mid-way would.
      await own.query('begin');
      await own.query('lock table api_keys in access exclusive mode');
      // Every other backend of the server's database (the pool's, the LISTEN's, pg-boss's) is terminated
      // every 200 ms, while requests keep coming.
      let drops = 0;
      let dropping = true;
      const dropper = (async () => {
        while (dropping) {
          const killed = await admin.query<{ n: number }>(
            'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> $2',
            [name, ownPid],
          );
          drops += killed.rows[0].n;
          await sleep(DROP_EVERY_MS);
        }
      })();
      const mix = Object.values(requests);
      const inFlight: Array<Promise<Outcome>> = [];
      const until = Date.now() + DROPS_MS;
      for (let i = 0; Date.now() < until && child.exitCode === null; i++) {
        inFlight.push(mix[i % mix.length]());
        await sleep(REQUEST_EVERY_MS);
      }
      // The drops go on until every request has its answer: a key creation still waiting is cut too.
      const outcomes = await Promise.all(inFlight);
      dropping = false;
      await dropper;
      await own.query('rollback');

      const alive = child.exitCode === null && child.signalCode === null;
      expect(alive, `The server exited:\n${output().slice(-4000)}`).toBe(true);
      expect(drops).toBeGreaterThan(20);
      expect(outcomes.length).toBeGreaterThan(40);
      // A refused connection, a timeout, a 500, or a 503 without Retry-After is wrong.
      const answered = (o: Outcome) =>
        'status' in o && (o.status < 500 || (o.status === 503 && o.retryAfter !== null));
      expect(
        outcomes.filter((o) => !answered(o)),
        output().slice(-4000),
      ).toEqual([]);
      // The key creations all met a drop inside their transaction.
      const keyCreations = outcomes.filter((o) => o.request === 'POST /api/me/api-keys');
      expect(keyCreations.length).toBeGreaterThan(5);
      expect(keyCreations.every((o) => 'status' in o && o.status === 503)).toBe(true);

      // Once the drops stop, every kind of request succeeds again within a few seconds.
      const status = (o: Outcome) => ('status' in o ? o.status : o.failure);
      await expect
        .poll(
          async () =>
            [
              await requests.health(),
              await requests.listings(),
              await requests.me(),
              await requests.createKey(),
              await requests.signUp(),
            ].map(status),
          { timeout: 15_000, interval: 500 },
        )
        .toEqual([200, 200, 200, 201, 201]);
      // The LISTEN is back, on a connection of its own.
      await expect
        .poll(
          async () =>
            (
              await own.query('select 1 from pg_stat_activity where datname = $1 and application_name = $2', [
                name,
                LISTENER_APPLICATION_NAME,
              ])
            ).rowCount,
          { timeout: 15_000, interval: 500 },
        )
        .toBe(1);
      // The job queue runs jobs again: a listings expiry sweep queued now is taken and done.
      const job = await own.query<{ id: string }>(
        "insert into pgboss.job (name, data) values ('listings.expiry', '{}') returning id",
      );
      await expect
        .poll(
          async () =>
            (await own.query('select state from pgboss.job where id = $1', [job.rows[0].id])).rows[0]?.state,
          { timeout: 15_000, interval: 500 },
        )
        .toBe('completed');
      // The email outbox sender still sends: the last confirmation email leaves the outbox.
      await expect
        .poll(
          async () =>
            (
              await own.query('select status from email_outbox where to_address = $1', [
                `new${signUps}@drops.example`,
              ])
            ).rows[0]?.status,
          { timeout: 15_000, interval: 500 },
        )
        .toBe('sent');
      expect(child.exitCode).toBeNull();
    }, 150_000);
  },
);
