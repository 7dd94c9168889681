import { randomBytes, scrypt } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import webPush from 'web-push';
import { type AppDeps, buildApp } from '../src/app.ts';
import type { Env } from '../src/config/env.ts';
import type { Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { PasswordHasher } from '../src/modules/accounts/index.ts';
import type { Mailer } from '../src/modules/notifications/index.ts';
import { getWorkerDatabase, resetDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';

const TEST_HASH_PREFIX = 'test-scrypt';
/**
 * Passwords hashed with scrypt at a work factor 16 times lower than Better Auth's: the suite creates
 * and signs in hundreds of accounts, and at the real cost their hashing alone took minutes of CPU.
 * A hash made at the real cost (the demo seed's) is still checked at that cost.
 */
const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${TEST_HASH_PREFIX}:${salt}:${(await cheapScrypt(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== TEST_HASH_PREFIX || !salt || !key) return verifyPassword({ hash, password });
    return (await cheapScrypt(password, salt)).toString('hex') === key;
  },
};
const cheapScrypt = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 16, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

const TEST_VAPID_KEYS = webPush.generateVAPIDKeys();

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    nodeEnv: 'test',
    crashAt: [],
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/recytrade-test',
    appUrl: TEST_APP_URL,
    databaseUrl: undefined,
    backupDir: undefined,
    pgDumpPath: 'pg_dump',
    backupKeep: 14,
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    smtpUrl: undefined,
    smtpCredentials: null,
    mailFrom: 'Recytrade <no-reply@recytrade.test>',
    supportEmail: 'support@recytrade.test',
    devMailbox: true,
    seedDemoData: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    errorReporterUrl: undefined,
    trustProxy: false,
    serveWeb: false,
    authRateLimitPerMinute: 1000,
    apiRateLimitPerMinute: 1000,
    uploadRateLimitPerMinute: 1000,
    bulkEmailRatePerMinute: 600,
    paymentsProvider: 'sandbox',
    stripeSecretKey: undefined,
    stripeWebhookSecret: undefined,
    stripePremiumPriceId: undefined,
    s3: null,
    wireBankDetails: {
      bankName: 'Demo Bank (sandbox, not a real bank)',
      accountName: 'Recytrade Escrow (demo account)',
      accountNumber: 'DEMO-000000000',
      swiftCode: 'DEMOUS00XXX',
    },
    escrowProvider: 'sandbox',
    escrow: {
      apiUrl: 'https://api.escrow-sandbox.com/2017-09-01/',
      email: undefined,
      apiKey: undefined,
      webhookSecret: undefined,
    },
    ads: { clientId: undefined, slots: {} },
    // Generated once per test process, as the embedded default generates them into the data directory.
    push: {
      ...TEST_VAPID_KEYS,
      subject: 'mailto:support@recytrade.test',
      serviceHosts: ['fcm.googleapis.com'],
      allowLocalEndpoints: true,
    },
    ...overrides,
  };
}

/**
 * Apps still open, closed after each test by test/setup.ts. A hook registered here would bind only
 * to the first test file that imports this module (vitest runs with isolate: false), leaving later
 * files' apps, and their job workers, running into the next tests.
 */
const registry = globalThis as { __openTestApps?: FastifyInstance[] };
registry.__openTestApps ??= [];
const openApps = registry.__openTestApps;

export async function closeOpenApps(): Promise<void> {
  await Promise.all(openApps.splice(0).map((a) => a.close()));
}

/** The app on this worker's database, emptied first; closed after the test. */
export async function buildTestApp(
  opts: {
    env?: Partial<Env>;
    mailer?: Mailer;
    pushSender?: AppDeps['pushSender'];
    clock?: Clock;
    database?: Database;
    keepData?: boolean;
    /** Sandbox webhooks go through app.inject by default (tests never listen); `manual` keeps them. */
    sandboxWebhooks?: AppDeps['sandboxWebhooks'];
    storage?: AppDeps['storage'];
    webRoot?: AppDeps['webRoot'];
    logStream?: AppDeps['logStream'];
  } = {},
) {
  await closeOpenApps();
  const database = opts.database ?? (await getWorkerDatabase());
  if (!opts.keepData) await resetDatabase(database);
  const app = await buildApp({
    env: testEnv(opts.env),
    database,
    mailer: opts.mailer,
    pushSender: opts.pushSender,
    clock: opts.clock,
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, schedules: false },
    sandboxWebhooks: opts.sandboxWebhooks ?? 'inject',
    storage: opts.storage,
    webRoot: opts.webRoot,
    logStream: opts.logStream,
    passwordHasher: testPasswordHasher,
  });
  await app.ready();
  openApps.push(app);
  return { app, database };
}

/** A browser-like client: keeps cookies between requests and sends the app's Origin. */
export function createClient(app: FastifyInstance, opts: { origin?: string | null } = {}) {
  const cookies = new Map<string, string>();
  async function request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (opts.origin !== null) headers.origin ??= opts.origin ?? TEST_APP_URL;
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({ ...options, headers });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
    return res;
  }
  return {
    cookies,
    request,
    get: (url: string, headers?: Record<string, string>) => request({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }),
    patch: (url: string, payload?: unknown) =>
      request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] }),
  };
}
export type TestClient = ReturnType<typeof createClient>;
