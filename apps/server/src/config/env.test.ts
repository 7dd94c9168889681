import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'env-'));

describe('loadEnv', () => {
  it('starts with safe development defaults and a per-directory secret', () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      devMailbox: true,
      seedDemoData: true,
    });
    expect(env.authSecret).toHaveLength(64);
    expect(loadEnv({ DATA_DIR: dir }).authSecret).toBe(env.authSecret);
  });

  it('backs up the embedded database into DATA_DIR/backups by default, and PostgreSQL only when BACKUP_DIR is set', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir })).toMatchObject({
      backupDir: path.join(dir, 'backups'),
      pgDumpPath: 'pg_dump',
      backupKeep: 14,
    });
    const url = 'postgres://u@localhost/db';
    expect(loadEnv({ DATA_DIR: dir, DATABASE_URL: url }).backupDir).toBeUndefined();
    expect(
      loadEnv({
        DATA_DIR: dir,
        DATABASE_URL: url,
        BACKUP_DIR: '/srv/backups',
        PG_DUMP_PATH: '/usr/lib/postgresql/16/bin/pg_dump',
        BACKUP_KEEP: '30',
      }),
    ).toMatchObject({
      backupDir: '/srv/backups',
      pgDumpPath: '/usr/lib/postgresql/16/bin/pg_dump',
      backupKeep: 30,
    });
    expect(() => loadEnv({ DATA_DIR: dir, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('honours PORT and DATA_DIR', () => {
    const dir = dataDir();
    const env = loadEnv({ PORT: '4123', DATA_DIR: dir });
    expect(env.port).toBe(4123);
    expect(env.appUrl).toBe('http://localhost:4123');
    expect(env.dataDir).toBe(dir);
  });

  it('shows house promotions unless an ad client id is configured, and checks its shape', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).ads).toEqual({ clientId: undefined, slots: {} });
    expect(
      loadEnv({
        DATA_DIR: dataDir(),
        ADS_PROVIDER_CLIENT_ID: 'ca-pub-1234567890123456',
        ADS_SLOT_IDS: '1111111111, landing=2222222222,blog-inline=3333333333',
      }).ads,
    ).toEqual({
      clientId: 'ca-pub-1234567890123456',
      slots: { default: '1111111111', landing: '2222222222', 'blog-inline': '3333333333' },
    });
    expect(() => loadEnv({ DATA_DIR: dataDir(), ADS_PROVIDER_CLIENT_ID: 'pub-123' })).toThrow(
      /ADS_PROVIDER_CLIENT_ID: must look like ca-pub-/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir(), ADS_SLOT_IDS: 'sidebar=12' })).toThrow(/ADS_SLOT_IDS/);
  });

  it('names every invalid variable', () => {
    expect(() => loadEnv({ PORT: 'abc', APP_URL: 'not a url', DATA_DIR: dataDir() })).toThrow(
      /PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/,
    );
  });

  it('requires a secret and the public URL in production, and never opens the dev mailbox there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', APP_URL: 'https://x.test' })).toThrow(/AUTH_SECRET/);
    const env = loadEnv({
      NODE_ENV: 'production',
      APP_URL: 'https://x.test',
      AUTH_SECRET: 'a'.repeat(40),
      DEV_MAILBOX: 'true',
      PAYMENTS_SANDBOX: 'true',
    });
    expect(env.devMailbox).toBe(false);
    expect(env.seedDemoData).toBe(false);
  });

  it('uses the sandbox payment provider without a Stripe key, and Stripe with one', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).paymentsProvider).toBe('sandbox');
    const stripe = loadEnv({
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe).toMatchObject({
      paymentsProvider: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
    });
    expect(() => loadEnv({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses to take test-card payments in production unless the sandbox is asked for', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://x.test', AUTH_SECRET: 'a'.repeat(40) };
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadEnv({ ...production, PAYMENTS_SANDBOX: 'true' }).paymentsProvider).toBe('sandbox');
    expect(
      loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .paymentsProvider,
    ).toBe('stripe');
  });

  it('configures wire bank details and the escrow provider, Escrow.com only with its full credentials', () => {
    const dir = dataDir();
    const sandbox = loadEnv({ DATA_DIR: dir });
    expect(sandbox.escrowProvider).toBe('sandbox');
    expect(sandbox.wireBankDetails.bankName).toMatch(/demo/i);
    expect(sandbox.escrow.apiUrl).toBe('https://api.escrow-sandbox.com/2017-09-01/');
    const wire = loadEnv({
      DATA_DIR: dir,
      WIRE_BANK_NAME: 'First Bank',
      WIRE_ACCOUNT_NAME: 'Recytrade Ltd',
      WIRE_ACCOUNT_NUMBER: 'GB29NWBK60161331926819',
      WIRE_SWIFT_CODE: 'NWBKGB2L',
    });
    expect(wire.wireBankDetails).toEqual({
      bankName: 'First Bank',
      accountName: 'Recytrade Ltd',
      accountNumber: 'GB29NWBK60161331926819',
      swiftCode: 'NWBKGB2L',
    });
    expect(() => loadEnv({ DATA_DIR: dir, WIRE_SWIFT_CODE: 'nope' })).toThrow(/WIRE_SWIFT_CODE/);
    expect(() => loadEnv({ DATA_DIR: dir, ESCROW_API_KEY: 'k' })).toThrow(/ESCROW_EMAIL/);
    expect(() => loadEnv({ DATA_DIR: dir, ESCROW_API_KEY: 'k', ESCROW_EMAIL: 'a@b.test' })).toThrow(
      /ESCROW_WEBHOOK_SECRET/,
    );
    const real = loadEnv({
      DATA_DIR: dir,
      ESCROW_API_KEY: 'k',
      ESCROW_EMAIL: 'a@b.test',
      ESCROW_WEBHOOK_SECRET: 's'.repeat(20),
      ESCROW_API_URL: 'https://api.escrow.com/2017-09-01',
    });
    expect(real).toMatchObject({
      escrowProvider: 'escrow.com',
      escrow: { apiUrl: 'https://api.escrow.com/2017-09-01/', email: 'a@b.test', apiKey: 'k' },
    });
  });
});
