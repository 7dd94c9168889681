import { randomUUID } from 'node:crypto';
import type { BulkEmailTarget } from '@app/shared/admin/bulk-email.schemas';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL, testEnv } from '../../../test/build-test-app.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { companies, emailOutbox, subscriptions, users } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { createAccessService } from '../access/index.ts';
import type { Mailer, OutgoingEmail } from '../notifications/index.ts';
import {
  CAMPAIGN_BATCH_JOB,
  campaignBatchPlan,
  createCampaignsService,
  maskEmail,
} from './campaigns.service.ts';
import { bulkEmailCampaigns, bulkEmailRecipients, marketingUnsubscribes } from './campaigns.table.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

const DAY = 86_400_000;
let sequence = 0;

type Fixture = {
  verified?: boolean;
  suspended?: boolean;
  unsubscribed?: boolean;
  company?: boolean;
  /** Days since the last sign-in; null: never signed in. */
  signedInDaysAgo?: number | null;
  createdDaysAgo?: number;
  premium?: 'active' | 'lapsed' | 'canceled';
};

/** A user written straight to the database with exactly the facts the audiences look at. */
async function insertUser(db: Db, label: string, f: Fixture = {}) {
  sequence += 1;
  const now = Date.now();
  const user = {
    id: randomUUID(),
    name: `${label} ${sequence}`,
    email: `${label}${sequence}@campaigns.test`,
  };
  await db.insert(users).values({
    ...user,
    emailVerified: f.verified ?? true,
    suspendedAt: f.suspended ? new Date(now - DAY) : null,
    lastSignInAt: f.signedInDaysAgo === null ? null : new Date(now - (f.signedInDaysAgo ?? 1) * DAY),
    createdAt: new Date(now - (f.createdDaysAgo ?? 100) * DAY),
  });
  if (f.unsubscribed) await db.insert(marketingUnsubscribes).values({ userId: user.id, source: 'link' });
  if (f.company)
    await db.insert(companies).values({
      id: randomUUID(),
      userId: user.id,
      companyName: `${label} Recycling`,
      contactEmail: user.email,
      companyType: 'seller',
    });
  if (f.premium) {
    // lapsed: still "active" at the provider, but the period ended beyond the renewal grace (lost webhooks).
    const periodEnd = { active: now + 20 * DAY, lapsed: now - 5 * DAY, canceled: now - 10 * DAY }[f.premium];
    await db.insert(subscriptions).values({
      id: randomUUID(),
      userId: user.id,
      subscribed: f.premium === 'active',
      tier: f.premium === 'active' ? 'premium' : null,
      status: f.premium === 'canceled' ? 'canceled' : 'active',
      provider: 'sandbox',
      providerCustomerId: `cus_${sequence}`,
      providerSubscriptionId: `sub_${sequence}`,
      currentPeriodStart: new Date(periodEnd - 30 * DAY),
      currentPeriodEnd: new Date(periodEnd),
    });
  }
  return user;
}

/** A job queue that only records what would be queued: each test runs the batches itself. */
function recordingJobs() {
  const sent: Array<{ name: string; data: unknown; startAfterSeconds?: number }> = [];
  const jobs: JobQueue = {
    async send(name, data, opts) {
      sent.push({ name, data, startAfterSeconds: opts?.startAfterSeconds });
    },
    async work() {},
    async schedule() {},
    async resume() {},
    async stop() {},
  };
  return { jobs, sent };
}

/** The app's database and notifications, with a campaigns service of the test's own rate and queue. */
async function setUp(opts: { ratePerMinute?: number; mailer?: Mailer } = {}) {
  const { app, database } = await buildTestApp({ mailer: opts.mailer });
  const { jobs, sent } = recordingJobs();
  const { audit } = createAccessService({ db: database.db });
  const campaigns = createCampaignsService({
    db: database.db,
    jobs,
    notifications: app.services.notifications,
    clock: { now: () => new Date() },
    appUrl: TEST_APP_URL,
    unsubscribeTokens: createUnsubscribeTokens(testEnv().authSecret),
    premiumProvider: 'sandbox',
    ratePerMinute: opts.ratePerMinute ?? 600,
    audit: audit.record,
  });
  const admin = await insertUser(database.db, 'admin', { signedInDaysAgo: 0 });
  return { app, db: database.db, campaigns, sent, admin, audit };
}

async function recipientsOf(db: Db, campaignId: string) {
  return db.select().from(bulkEmailRecipients).where(eq(bulkEmailRecipients.campaignId, campaignId));
}

/** Lets the next batch start now, as if the pacing interval had passed. */
async function openNextSlot(db: Db, campaignId: string) {
  await db
    .update(bulkEmailCampaigns)
    .set({ nextBatchAt: sql`now() - interval '1 second'` })
    .where(eq(bulkEmailCampaigns.id, campaignId));
}

describe('bulk email audiences', () => {
  it('select exactly the right users for each target, and the stats count them for real', async () => {
    const { app, db, campaigns, admin } = await setUp();
    // The admin fixture is a user too: verified, recent, no premium, no company.
    const u = {
      admin,
      premiumWithCompany: await insertUser(db, 'premium', { premium: 'active', company: true }),
      freeNoCompany: await insertUser(db, 'free'),
      freeWithCompanyAway: await insertUser(db, 'away', { company: true, signedInDaysAgo: 40 }),
      lapsedNeverSignedIn: await insertUser(db, 'lapsed', { premium: 'lapsed', signedInDaysAgo: null }),
      newNeverSignedIn: await insertUser(db, 'new', { signedInDaysAgo: null, createdDaysAgo: 2 }),
      canceledWithCompany: await insertUser(db, 'canceled', { premium: 'canceled', company: true }),
      unverified: await insertUser(db, 'unverified', { verified: false }),
      suspended: await insertUser(db, 'suspended', { suspended: true }),
      unsubscribed: await insertUser(db, 'unsubscribed', { unsubscribed: true, signedInDaysAgo: 60 }),
    };
    // The SQL rule agrees with billing's own answer for every subscription fixture.
    expect(await app.services.billing.isPremium(u.premiumWithCompany.id)).toBe(true);
    expect(await app.services.billing.isPremium(u.lapsedNeverSignedIn.id)).toBe(false);
    expect(await app.services.billing.isPremium(u.canceledWithCompany.id)).toBe(false);

    const expected: Record<BulkEmailTarget, Array<keyof typeof u>> = {
      unpaid_users: [
        'admin',
        'freeNoCompany',
        'freeWithCompanyAway',
        'lapsedNeverSignedIn',
        'newNeverSignedIn',
        'canceledWithCompany',
      ],
      no_company: ['admin', 'freeNoCompany', 'lapsedNeverSignedIn', 'newNeverSignedIn'],
      inactive: ['freeWithCompanyAway', 'lapsedNeverSignedIn'],
      all: [
        'admin',
        'premiumWithCompany',
        'freeNoCompany',
        'freeWithCompanyAway',
        'lapsedNeverSignedIn',
        'newNeverSignedIn',
        'canceledWithCompany',
      ],
    };

    const stats = await campaigns.getStats();
    expect(stats).toMatchObject({
      totalUsers: 9, // everyone but the suspended account
      totalSubscribers: 3, // premium, lapsed and canceled once held Premium
      activeSubscribers: 1,
      subscribersWithCompanies: 1,
      subscribersWithoutCompanies: 0,
      unpaidUsers: 8,
      unsubscribedUsers: 1,
      audiences: {
        unpaid_users: expected.unpaid_users.length,
        no_company: expected.no_company.length,
        inactive: expected.inactive.length,
        all: expected.all.length,
      },
      // Before the campaign filter (confirmed, not opted out): the Unpaid Users and Total Users cards.
      audienceMatches: { unpaid_users: 8, no_company: 6, inactive: 3, all: 9 },
    });
    // Every audience leaves out exactly its unconfirmed and opted-out members, so card and button agree.
    expect(stats.audienceMatches.unpaid_users).toBe(stats.unpaidUsers);
    expect(stats.audienceMatches.all).toBe(stats.totalUsers);

    for (const target of Object.keys(expected) as BulkEmailTarget[]) {
      const result = await campaigns.send(admin, { target, template: 'preset', testMode: false });
      if (result.mode !== 'campaign') throw new Error('expected a campaign');
      expect(result.campaign).toMatchObject({
        target,
        status: 'queued',
        totalRecipients: expected[target].length,
      });
      const ids = (await recipientsOf(db, result.campaign.id)).map((r) => r.userId).sort();
      expect(ids, target).toEqual(expected[target].map((k) => u[k].id).sort());
      // Finished by hand so the next target may start (one campaign runs at a time).
      await db
        .update(bulkEmailCampaigns)
        .set({ status: 'completed' })
        .where(eq(bulkEmailCampaigns.id, result.campaign.id));
    }
  });

  it('refuses a campaign whose audience receives nothing, and a second one while one runs', async () => {
    const { db, campaigns, admin } = await setUp();
    await expect(
      campaigns.send(admin, { target: 'inactive', template: 'preset', testMode: false }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'No users in this audience receive campaigns.',
    });
    // Nothing of the refused campaign remains.
    expect(await db.select().from(bulkEmailCampaigns)).toHaveLength(0);

    // Two admins pressing send at the same moment: exactly one campaign starts.
    const body = { target: 'all', template: 'preset', testMode: false } as const;
    const both = await Promise.allSettled([campaigns.send(admin, body), campaigns.send(admin, body)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')?.reason).toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(campaigns.send(admin, body)).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(await db.select().from(bulkEmailCampaigns)).toHaveLength(1);
  });
});

describe('bulk email sending', () => {
  it('turns the rate into paced batches', () => {
    expect(campaignBatchPlan(600)).toEqual({ batchSize: 100, intervalSeconds: 10 });
    expect(campaignBatchPlan(12)).toEqual({ batchSize: 2, intervalSeconds: 10 });
    expect(campaignBatchPlan(1)).toEqual({ batchSize: 1, intervalSeconds: 60 });
    expect(campaignBatchPlan(100_000)).toEqual({ batchSize: 500, intervalSeconds: 1 });
  });

  it('sends at most one batch per slot, skips whoever opted out meanwhile, and completes with real counts', async () => {
    const { db, campaigns, sent, admin } = await setUp({ ratePerMinute: 12 });
    const audience = [admin];
    for (let i = 0; i < 4; i++) audience.push(await insertUser(db, 'reader'));
    const result = await campaigns.send(admin, { target: 'all', template: 'preset', testMode: false });
    if (result.mode !== 'campaign') throw new Error('expected a campaign');
    const id = result.campaign.id;
    expect(sent).toEqual([
      { name: CAMPAIGN_BATCH_JOB, data: { campaignId: id }, startAfterSeconds: undefined },
    ]);

    // One reader opts out after the snapshot: they are skipped, never emailed.
    const quitter = audience[4];
    await campaigns.updatePreferences(quitter, { marketingEmails: false });

    const first = await campaigns.runBatch(id);
    expect(first).toEqual({ claimed: 2, nextInSeconds: 10 });
    // A second run inside the same slot (a duplicate job, another instance) sends nothing.
    expect(await campaigns.runBatch(id)).toEqual({ claimed: 0, nextInSeconds: null });
    expect((await campaigns.getCampaign(id)).status).toBe('sending');

    await openNextSlot(db, id);
    expect(await campaigns.runBatch(id)).toMatchObject({ claimed: 2 });
    await openNextSlot(db, id);
    expect(await campaigns.runBatch(id)).toEqual({ claimed: 1, nextInSeconds: null });

    const campaign = await campaigns.getCampaign(id);
    expect(campaign).toMatchObject({
      status: 'completed',
      totalRecipients: 5,
      sentCount: 4,
      failedCount: 0,
      skippedCount: 1,
      createdBy: { id: admin.id, email: admin.email },
    });
    expect(campaign.startedAt).not.toBeNull();
    expect(campaign.completedAt).not.toBeNull();

    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'campaign'));
    expect(emails.map((e) => e.toAddress).sort()).toEqual(
      audience
        .filter((a) => a !== quitter)
        .map((a) => a.email.toLowerCase())
        .sort(),
    );
    expect(emails.every((e) => e.status === 'sent' && e.meta.campaignId === id)).toBe(true);
    const recipients = await recipientsOf(db, id);
    expect(recipients.find((r) => r.userId === quitter.id)).toMatchObject({
      status: 'skipped',
      outboxId: null,
    });
    // Nothing more happens once completed.
    await openNextSlot(db, id);
    expect(await campaigns.runBatch(id)).toEqual({ claimed: 0, nextInSeconds: null });
  });

  it('counts a refused delivery as failed, once, with the error on the outbox row', async () => {
    const delivered: OutgoingEmail[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      async deliver(email) {
        if (email.to.startsWith('bounce')) throw new Error('550 No such mailbox');
        delivered.push(email);
      },
      close() {},
    };
    const { db, campaigns, admin } = await setUp({ mailer });
    const bounce = await insertUser(db, 'bounce');
    const result = await campaigns.send(admin, { target: 'all', template: 'preset', testMode: false });
    if (result.mode !== 'campaign') throw new Error('expected a campaign');
    await campaigns.runBatch(result.campaign.id);

    expect(await campaigns.getCampaign(result.campaign.id)).toMatchObject({
      status: 'completed',
      sentCount: 1,
      failedCount: 1,
    });
    const [failed] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, bounce.email));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 No such mailbox' });
    const [recipient] = (await recipientsOf(db, result.campaign.id)).filter((r) => r.userId === bounce.id);
    expect(recipient).toMatchObject({ status: 'failed', error: '550 No such mailbox' });
    // The one delivered email carries its recipient's unsubscribe headers.
    expect(delivered).toHaveLength(1);
    expect(delivered[0].headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(`^<${TEST_APP_URL}/api/email-preferences/one-click\\?token=${admin.id}\\.[\\w-]+>$`),
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('restarts a campaign whose job chain was lost, and fails recipients a dead batch left in flight', async () => {
    const { db, campaigns, sent, admin } = await setUp();
    const reader = await insertUser(db, 'reader');
    const result = await campaigns.send(admin, { target: 'all', template: 'preset', testMode: false });
    if (result.mode !== 'campaign') throw new Error('expected a campaign');
    const id = result.campaign.id;
    sent.length = 0;
    expect(await campaigns.resumeStalledCampaigns()).toBe(0);

    // As if a batch had claimed the reader 20 minutes ago and its process died before sending.
    const longAgo = new Date(Date.now() - 20 * 60_000);
    await db
      .update(bulkEmailCampaigns)
      .set({ status: 'sending', nextBatchAt: longAgo })
      .where(eq(bulkEmailCampaigns.id, id));
    await db
      .update(bulkEmailRecipients)
      .set({ status: 'sending', claimedAt: longAgo })
      .where(eq(bulkEmailRecipients.userId, reader.id));
    expect(await campaigns.resumeStalledCampaigns()).toBe(1);
    expect(sent).toEqual([
      { name: CAMPAIGN_BATCH_JOB, data: { campaignId: id }, startAfterSeconds: undefined },
    ]);

    await campaigns.runBatch(id);
    expect(await campaigns.getCampaign(id)).toMatchObject({
      status: 'completed',
      sentCount: 1,
      failedCount: 1,
    });
    const [lost] = (await recipientsOf(db, id)).filter((r) => r.userId === reader.id);
    expect(lost.error).toMatch(/interrupted/);
    // The lost recipient was not emailed a second time by the resumed campaign.
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, reader.email))).toHaveLength(
      0,
    );
  });

  it('masks addresses on the unsubscribe page', () => {
    expect(maskEmail('dana@northwind.test')).toBe('d***@northwind.test');
  });
});
