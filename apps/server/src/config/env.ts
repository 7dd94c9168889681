import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AD_PLACEMENTS, AdsClientIdSchema } from '@app/shared/ads/ads.schemas';
import type WebPush from 'web-push';
import { z } from 'zod';
import { CRASH_POINTS, type CrashPoint } from '../lib/crash-points.ts';
import type { S3Config } from '../lib/storage.ts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** One ADS_SLOT_IDS entry: a numeric slot id, optionally prefixed by its placement ("landing=123"). */
const SLOT_ENTRY = `((${[...AD_PLACEMENTS, 'default'].join('|')})=)?\\d{1,20}`;

/** Every environment variable the server reads. README's configuration table mirrors this list. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Test only: the crash points (lib/crash-points.ts) at which the process kills itself. */
  CRASH_AT: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(CRASH_POINTS))),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  PG_DUMP_PATH: z.string().min(1).default('pg_dump'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Recytrade <no-reply@recytrade.local>'),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@recytrade.com'),
  DEV_MAILBOX: bool,
  SEED_DEMO_DATA: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ERROR_REPORTER_URL: z.url().optional(),
  TRUST_PROXY: bool,
  SERVE_WEB: bool,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  BULK_EMAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PREMIUM_PRICE_ID: z.string().optional(),
  PAYMENTS_SANDBOX: bool,
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  WIRE_BANK_NAME: z.string().trim().min(1).max(120).default('Demo Bank (sandbox, not a real bank)'),
  WIRE_ACCOUNT_NAME: z.string().trim().min(1).max(120).default('Recytrade Escrow (demo account)'),
  WIRE_ACCOUNT_NUMBER: z.string().trim().min(1).max(64).default('DEMO-000000000'),
  WIRE_SWIFT_CODE: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'WIRE_SWIFT_CODE must be an 8 or 11 character SWIFT/BIC code')
    .default('DEMOUS00XXX'),
  ESCROW_API_URL: z.url().default('https://api.escrow-sandbox.com/2017-09-01/'),
  ESCROW_EMAIL: z.email('ESCROW_EMAIL must be an email address').optional(),
  ESCROW_API_KEY: z.string().optional(),
  ESCROW_WEBHOOK_SECRET: z
    .string()
    .min(16, 'ESCROW_WEBHOOK_SECRET must be at least 16 characters')
    .optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** Push service hosts a subscription may name (comma-separated, a leading dot for subdomains). */
  PUSH_SERVICE_HOSTS: z.string().optional(),
  ADS_PROVIDER_CLIENT_ID: z.union([z.literal(''), AdsClientIdSchema]).optional(),
  ADS_SLOT_IDS: z
    .string()
    .trim()
    .regex(
      new RegExp(`^(${SLOT_ENTRY}(\\s*,\\s*${SLOT_ENTRY})*)?$`),
      `ADS_SLOT_IDS must be slot ids, alone or as placement=id pairs separated by commas (placements: ${AD_PLACEMENTS.join(', ')})`,
    )
    .optional(),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  crashAt: CrashPoint[];
  port: number;
  host: string;
  dataDir: string;
  appUrl: string;
  databaseUrl: string | undefined;
  /** Where database backups are written; unset turns backups off (PGlite defaults to DATA_DIR/backups). */
  backupDir: string | undefined;
  /** The pg_dump binary used for PostgreSQL backups. */
  pgDumpPath: string;
  /** How many newest backup files are kept; older ones are deleted after each successful backup. */
  backupKeep: number;
  authSecret: string;
  smtpUrl: string | undefined;
  /** SMTP_USER and SMTP_PASSWORD: the login at the SMTP server chosen on /admin/system (not SMTP_URL's). */
  smtpCredentials: { user: string; password: string } | null;
  mailFrom: string;
  /** Where contact-form messages are emailed. */
  supportEmail: string;
  devMailbox: boolean;
  seedDemoData: boolean;
  logLevel: string;
  errorReporterUrl: string | undefined;
  trustProxy: boolean;
  serveWeb: boolean;
  authRateLimitPerMinute: number;
  /** Requests per API key per minute on the public API (/api/v1). */
  apiRateLimitPerMinute: number;
  /** Photo uploads per signed-in user per minute (POST /api/listings/images). */
  uploadRateLimitPerMinute: number;
  /** The most campaign emails sent per minute (all instances together). */
  bulkEmailRatePerMinute: number;
  /** stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox provider. */
  paymentsProvider: 'stripe' | 'sandbox';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePremiumPriceId: string | undefined;
  /** Object storage for uploads; null means local disk under DATA_DIR/uploads. */
  s3: S3Config | null;
  /** The account buyers wire money to (plain wire transfers); demo values unless WIRE_* are set. */
  wireBankDetails: { bankName: string; accountName: string; accountNumber: string; swiftCode: string };
  /** escrow.com when ESCROW_API_KEY is set, otherwise the built-in sandbox escrow provider. */
  escrowProvider: 'escrow.com' | 'sandbox';
  escrow: {
    apiUrl: string;
    email: string | undefined;
    apiKey: string | undefined;
    /** Signs POST /api/webhooks/escrow; unset with the sandbox, which signs with a secret derived from AUTH_SECRET. */
    webhookSecret: string | undefined;
  };
  /** Third-party ads when ADS_PROVIDER_CLIENT_ID is set; otherwise house promotions and no ad script. */
  ads: { clientId: string | undefined; slots: Record<string, string> };
  /** Web Push: the VAPID keys and contact, and which push services may be sent to; null: push is off. */
  push: PushConfig | null;
};

export type PushConfig = {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Hosts a subscription's endpoint may name; `.example.com` allows its subdomains. */
  serviceHosts: string[];
  /** Plain http and localhost endpoints (development and tests only). */
  allowLocalEndpoints: boolean;
};

/** The browsers' push services (Chrome, Firefox, Edge, Safari). */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

/** Parse the environment once; print each bad field and exit rather than start half-configured. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (isProduction && !e.AUTH_SECRET)
    throw new Error('Invalid environment:\n  AUTH_SECRET: required in production');
  if (isProduction && !e.APP_URL) throw new Error('Invalid environment:\n  APP_URL: required in production');
  const stripeKey = e.STRIPE_SECRET_KEY || undefined;
  if (stripeKey && !e.STRIPE_WEBHOOK_SECRET)
    throw new Error('Invalid environment:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  // The sandbox accepts test cards: a production server must take real payments unless told otherwise.
  if (isProduction && !stripeKey && !e.PAYMENTS_SANDBOX)
    throw new Error(
      'Invalid environment:\n  STRIPE_SECRET_KEY: required in production (or PAYMENTS_SANDBOX=true for a demo deployment)',
    );
  if (isProduction && e.CRASH_AT.length > 0)
    throw new Error('Invalid environment:\n  CRASH_AT: a test-only variable, refused in production');
  const escrowKey = e.ESCROW_API_KEY || undefined;
  if (escrowKey && !e.ESCROW_EMAIL)
    throw new Error('Invalid environment:\n  ESCROW_EMAIL: required when ESCROW_API_KEY is set');
  if (escrowKey && !e.ESCROW_WEBHOOK_SECRET)
    throw new Error('Invalid environment:\n  ESCROW_WEBHOOK_SECRET: required when ESCROW_API_KEY is set');
  return {
    nodeEnv: e.NODE_ENV,
    crashAt: e.CRASH_AT,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    // The embedded database backs up out of the box; PostgreSQL needs an operator's choice of place.
    backupDir: e.BACKUP_DIR
      ? path.resolve(e.BACKUP_DIR)
      : e.DATABASE_URL
        ? undefined
        : path.join(dataDir, 'backups'),
    pgDumpPath: e.PG_DUMP_PATH,
    backupKeep: e.BACKUP_KEEP,
    authSecret: e.AUTH_SECRET ?? localDevSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    smtpCredentials: e.SMTP_USER ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD ?? '' } : null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    // The dev mailbox exposes every email: never in production, whatever the flag says.
    devMailbox: !isProduction && (e.DEV_MAILBOX ?? !e.SMTP_URL),
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    errorReporterUrl: e.ERROR_REPORTER_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    serveWeb: e.SERVE_WEB ?? true,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    bulkEmailRatePerMinute: e.BULK_EMAIL_RATE_PER_MINUTE,
    paymentsProvider: stripeKey ? 'stripe' : 'sandbox',
    stripeSecretKey: stripeKey,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripePremiumPriceId: e.STRIPE_PREMIUM_PRICE_ID || undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        }
      : null,
    wireBankDetails: {
      bankName: e.WIRE_BANK_NAME,
      accountName: e.WIRE_ACCOUNT_NAME,
      accountNumber: e.WIRE_ACCOUNT_NUMBER,
      swiftCode: e.WIRE_SWIFT_CODE,
    },
    escrowProvider: escrowKey ? 'escrow.com' : 'sandbox',
    escrow: {
      apiUrl: e.ESCROW_API_URL.endsWith('/') ? e.ESCROW_API_URL : `${e.ESCROW_API_URL}/`,
      email: e.ESCROW_EMAIL,
      apiKey: escrowKey,
      webhookSecret: e.ESCROW_WEBHOOK_SECRET || undefined,
    },
    ads: { clientId: e.ADS_PROVIDER_CLIENT_ID || undefined, slots: parseSlotIds(e.ADS_SLOT_IDS) },
    push: pushConfig(e, { isProduction, dataDir }),
  };
}

/** "123" applies to every placement; "landing=123,marketplace=456" names them (a bare id is the default). */
function parseSlotIds(value: string | undefined): Record<string, string> {
  const slots: Record<string, string> = {};
  for (const part of (value ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const [name, id] = entry.includes('=') ? entry.split('=') : ['default', entry];
    slots[name] = id;
  }
  return slots;
}

/**
 * VAPID keys from the environment; outside production, generated once into the data directory so push
 * works out of the box. A production server without keys has no push (several instances must share them).
 */
function pushConfig(
  e: z.infer<typeof EnvSchema>,
  opts: { isProduction: boolean; dataDir: string },
): PushConfig | null {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : opts.isProduction
        ? null
        : localVapidKeys(opts.dataDir);
  if (!keys) return null;
  return {
    ...keys,
    subject: e.VAPID_SUBJECT || `mailto:${e.SUPPORT_EMAIL}`,
    serviceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : DEFAULT_PUSH_SERVICE_HOSTS,
    allowLocalEndpoints: !opts.isProduction,
  };
}

function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  // web-push is loaded only here, when a data directory gets its keys, and for the first push.
  const webPush = createRequire(import.meta.url)('web-push') as typeof WebPush;
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Outside production a secret is generated once per data directory, so nothing secret lives in the repo. */
function localDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
