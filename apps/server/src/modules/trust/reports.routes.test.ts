import { OFF_PLATFORM_WARNING } from '@app/shared/trust/fraud-signals';
import { TRUST_LIMITS, TRUST_MESSAGES } from '@app/shared/trust/trust.schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import {
  createCompanyOf,
  createListingOf,
  openConversationBetween,
} from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { adminAuditLog, companies, reports, users } from '../../db/schema.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().error.message).toBe(message);
}

const IBAN_MESSAGE = 'Please wire the deposit to DE89 3704 0044 0532 0130 00 and we ship tomorrow.';

async function setup(app: FastifyInstance) {
  const seller = await signedInClient(app, { fullName: 'Sam Seller' });
  const buyer = await signedInClient(app, { fullName: 'Bea Buyer' });
  const stranger = await signedInClient(app, { fullName: 'Cy Stranger' });
  const admin = await adminClient(app);
  const listing = await createListingOf(seller.client, { title: 'Suspicious copper cathodes' });
  return { seller, buyer, stranger, admin, listing };
}

describe('reports (/api/reports)', () => {
  it('takes a trader’s report of a listing, a company or a message they can see, once while open', async () => {
    const { app, database } = await buildTestApp();
    const { seller, buyer, stranger, listing } = await setup(app);
    const company = await createCompanyOf(seller.client);
    const { message } = await openConversationBetween(app, seller.user.id, buyer.user.id);

    expectError(
      await createClient(app).post('/api/reports', {
        targetType: 'listing',
        targetId: listing.id,
        reason: 'fraud',
      }),
      401,
    );
    const filed = await buyer.client.post('/api/reports', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'misleading',
      note: '  The photos are of another lot.  ',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ targetType: 'listing', reason: 'misleading', status: 'open' });
    expectError(
      await buyer.client.post('/api/reports', {
        targetType: 'listing',
        targetId: listing.id,
        reason: 'spam',
      }),
      409,
      TRUST_MESSAGES.alreadyReported,
    );
    // Another trader may report the same listing.
    expect(
      (
        await stranger.client.post('/api/reports', {
          targetType: 'listing',
          targetId: listing.id,
          reason: 'fraud',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await buyer.client.post('/api/reports', {
          targetType: 'company',
          targetId: company.id,
          reason: 'impersonation',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await buyer.client.post('/api/reports', {
          targetType: 'message',
          targetId: message.id,
          reason: 'abusive',
        })
      ).statusCode,
    ).toBe(201);
    // A message is reportable by the conversation's participants only: a stranger learns nothing.
    expectError(
      await stranger.client.post('/api/reports', {
        targetType: 'message',
        targetId: message.id,
        reason: 'abusive',
      }),
      404,
      'Message not found',
    );
    const stored = await database.db.select().from(reports).where(eq(reports.reporterId, buyer.user.id));
    expect(stored).toHaveLength(3);
    expect(stored.find((r) => r.targetType === 'listing')).toMatchObject({
      note: 'The photos are of another lot.',
      subjectUserId: seller.user.id,
    });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { app, database } = await buildTestApp();
    const { seller, buyer, listing } = await setup(app);
    const { message } = await openConversationBetween(app, seller.user.id, buyer.user.id);
    const cases: [unknown, number, string?][] = [
      [{ targetType: 'listing', targetId: listing.id }, 400, TRUST_MESSAGES.reasonRequired],
      [
        { targetType: 'listing', targetId: listing.id, reason: 'fraud_signal' },
        400,
        TRUST_MESSAGES.reasonRequired,
      ],
      [{ targetType: 'user', targetId: listing.id, reason: 'fraud' }, 400],
      [
        { targetType: 'listing', targetId: listing.id, reason: 'fraud', note: 'x'.repeat(1001) },
        400,
        TRUST_MESSAGES.noteTooLong,
      ],
      [{ targetType: 'listing', targetId: listing.id, reason: 'fraud', extra: true }, 400],
      [{ targetType: 'listing', targetId: 'no-such-listing', reason: 'fraud' }, 404, 'Listing not found'],
      [{ targetType: 'company', targetId: 'no-such-company', reason: 'fraud' }, 404, 'Company not found'],
      [{ targetType: 'review', targetId: 'no-such-review', reason: 'abusive' }, 404, 'Review not found'],
    ];
    for (const [body, status, text] of cases)
      expectError(await buyer.client.post('/api/reports', body), status, text);
    expectError(
      await seller.client.post('/api/reports', {
        targetType: 'listing',
        targetId: listing.id,
        reason: 'fraud',
      }),
      400,
      `${TRUST_MESSAGES.cannotReportOwn} listing.`,
    );
    expectError(
      await seller.client.post('/api/reports', {
        targetType: 'message',
        targetId: message.id,
        reason: 'spam',
      }),
      400,
      `${TRUST_MESSAGES.cannotReportOwn} message.`,
    );
    expect(await database.db.select().from(reports)).toHaveLength(0);
  });

  it(`limits a trader to ${TRUST_LIMITS.reportsPerDay} reports a day`, async () => {
    const { app, database } = await buildTestApp();
    const { buyer, seller } = await setup(app);
    // The day's reports so far (the listings they named need not exist any more).
    await database.db.insert(reports).values(
      Array.from({ length: TRUST_LIMITS.reportsPerDay }, (_, i) => ({
        id: `rpt_old_${i}`,
        targetType: 'listing' as const,
        targetId: `gone-${i}`,
        reason: 'spam',
        reporterId: buyer.user.id,
      })),
    );
    const last = await createListingOf(seller.client, { title: 'One more lot' });
    expectError(
      await buyer.client.post('/api/reports', { targetType: 'listing', targetId: last.id, reason: 'spam' }),
      429,
      TRUST_MESSAGES.tooManyReports,
    );
    expect(await database.db.select().from(reports)).toHaveLength(TRUST_LIMITS.reportsPerDay);
  });
});

describe('the moderation queue (/api/admin/reports)', () => {
  it('is for administrators only', async () => {
    const { app } = await buildTestApp();
    const { buyer } = await setup(app);
    expectError(await createClient(app).get('/api/admin/reports'), 401);
    expectError(await buyer.client.get('/api/admin/reports'), 403);
    expectError(await buyer.client.post('/api/admin/reports/rpt_x/resolve', { action: 'dismiss' }), 403);
  });

  it('shows each report with the item in context, and dismisses one report, audited', async () => {
    const { app, database } = await buildTestApp();
    const { seller, buyer, stranger, admin, listing } = await setup(app);
    await buyer.client.post('/api/reports', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'fraud',
      note: 'Too cheap',
    });
    await stranger.client.post('/api/reports', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'misleading',
    });

    const page = (await admin.client.get('/api/admin/reports')).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: TRUST_LIMITS.adminPageSize });
    expect(page.items[0]).toMatchObject({
      targetType: 'listing',
      targetId: listing.id,
      reason: 'fraud',
      note: 'Too cheap',
      source: 'trader',
      status: 'open',
      sameItemCount: 1,
      reporter: { id: buyer.user.id, name: 'Bea Buyer', email: buyer.user.email, suspended: false },
      context: {
        title: 'Suspicious copper cathodes',
        hidden: false,
        link: `/listings/${listing.id}`,
        owner: { id: seller.user.id, name: 'Sam Seller' },
      },
    });

    const dismissed = await admin.client.post(`/api/admin/reports/${page.items[0].id}/resolve`, {
      action: 'dismiss',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      resolution: 'dismissed',
      resolvedByEmail: admin.user.email,
    });
    // Only that report: the other stays open.
    expect((await admin.client.get('/api/admin/reports')).json().total).toBe(1);
    expect((await admin.client.get('/api/admin/reports?status=resolved')).json().total).toBe(1);
    expectError(
      await admin.client.post(`/api/admin/reports/${page.items[0].id}/resolve`, { action: 'dismiss' }),
      409,
      TRUST_MESSAGES.alreadyResolved,
    );
    const audit = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'report.dismiss'));
    expect(audit).toHaveLength(1);
  });

  it('hides a listing (rejected, gone from the marketplace), resolving every open report of it', async () => {
    const { app, database } = await buildTestApp();
    const { buyer, stranger, admin, listing } = await setup(app);
    await buyer.client.post('/api/reports', { targetType: 'listing', targetId: listing.id, reason: 'fraud' });
    await stranger.client.post('/api/reports', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'fraud',
    });
    const [first] = (await admin.client.get('/api/admin/reports')).json().items;

    expectError(
      await admin.client.post(`/api/admin/reports/${first.id}/resolve`, { action: 'hide' }),
      400,
      TRUST_MESSAGES.resolutionNoteRequired,
    );
    expectError(
      await admin.client.post(`/api/admin/reports/${first.id}/resolve`, { action: 'ban', note: 'x' }),
      400,
    );
    expectError(
      await admin.client.post('/api/admin/reports/rpt_missing/resolve', { action: 'dismiss' }),
      404,
    );
    expect((await admin.client.get('/api/admin/reports')).json().total).toBe(2);

    const hidden = await admin.client.post(`/api/admin/reports/${first.id}/resolve`, {
      action: 'hide',
      note: 'Price far below the market, seller unreachable.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'actioned',
      resolution: 'hidden',
      context: { hidden: true },
    });
    expect((await admin.client.get('/api/admin/reports')).json().total).toBe(0);
    expect((await buyer.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    const actions = (await database.db.select().from(adminAuditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['listing.reject', 'report.hide']));
  });

  it('warns the owner by email, and suspends them through the back office’s suspension', async () => {
    const { app, database } = await buildTestApp();
    const { seller, buyer, admin, listing } = await setup(app);
    const company = await createCompanyOf(seller.client, { companyName: 'Shady Metals' });
    await buyer.client.post('/api/reports', { targetType: 'listing', targetId: listing.id, reason: 'fraud' });
    await buyer.client.post('/api/reports', {
      targetType: 'company',
      targetId: company.id,
      reason: 'impersonation',
    });
    const items = (await admin.client.get('/api/admin/reports')).json().items as {
      id: string;
      targetType: string;
    }[];
    const onListing = items.find((r) => r.targetType === 'listing');
    const onCompany = items.find((r) => r.targetType === 'company');

    const warned = await admin.client.post(`/api/admin/reports/${onListing?.id}/resolve`, {
      action: 'warn',
      note: 'Describe the grade as it is.',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json()).toMatchObject({
      resolution: 'warned',
      resolutionNote: 'Describe the grade as it is.',
    });
    const email = await waitForEmail(app, seller.user.email, 'report-warning');
    expect(email.textBody).toContain('Describe the grade as it is.');

    const suspended = await admin.client.post(`/api/admin/reports/${onCompany?.id}/resolve`, {
      action: 'suspend',
      note: 'Impersonating a registered company.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      resolution: 'suspended',
      context: { owner: { suspended: true } },
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(row.suspendedAt).not.toBeNull();
    expect((await seller.client.get('/api/me/blocks')).statusCode).toBe(401);
    const actions = (await database.db.select().from(adminAuditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['report.warn', 'user.suspend', 'report.suspend']));
  });
});

describe('fraud signals in messages', () => {
  it('warns the recipient only, keeps the warning on reload, and flags the conversation once', async () => {
    const { app, database } = await buildTestApp();
    const { seller, buyer, admin } = await setup(app);
    const { conversation } = await openConversationBetween(app, buyer.user.id, seller.user.id);

    const sent = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: IBAN_MESSAGE,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The sender is not told what the checks found.
    expect(sent.json().fraudSignals).toBeUndefined();
    const page = async (client: typeof buyer.client) =>
      (await client.get(`/api/conversations/${conversation.id}/messages`)).json().items as {
        content: string;
        fraudSignals?: string[];
      }[];
    expect((await page(buyer.client)).at(-1)).toMatchObject({
      content: IBAN_MESSAGE,
      fraudSignals: ['iban'],
    });
    expect((await page(seller.client)).at(-1)?.fraudSignals).toBeUndefined();

    const second = await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Or send the money directly, no need for escrow.',
    });
    expect(second.statusCode).toBe(201);
    expect((await page(buyer.client)).at(-1)?.fraudSignals).toEqual(['off_platform_payment']);
    // An ordinary message with a phone number carries no signal.
    await seller.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Call me on +44 20 7946 0958.',
    });
    expect((await page(buyer.client)).at(-1)?.fraudSignals).toBeUndefined();

    await expect
      .poll(
        async () =>
          (await database.db.select().from(reports).where(eq(reports.reason, 'fraud_signal'))).length,
      )
      .toBe(1);
    const [report] = (await admin.client.get('/api/admin/reports')).json().items;
    expect(report).toMatchObject({
      source: 'system',
      reason: 'fraud_signal',
      reporter: null,
      targetType: 'message',
      context: { owner: { id: seller.user.id }, hidden: false, link: null },
    });
    const reported = report.context.excerpt.find((line: { reported: boolean }) => line.reported);
    expect(reported).toMatchObject({
      content: IBAN_MESSAGE,
      fraudSignals: ['iban'],
      senderName: 'Sam Seller',
    });
    expect(OFF_PLATFORM_WARNING).toMatch(/^Never pay outside escrow/);

    // Hiding the message replaces it for both participants.
    const hidden = await admin.client.post(`/api/admin/reports/${report.id}/resolve`, {
      action: 'hide',
      note: 'Bank details outside escrow.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const reloaded = (await page(buyer.client)).find((m) => m.content === IBAN_MESSAGE);
    expect(reloaded).toBeUndefined();
    expect((await page(seller.client)).some((m) => (m as { hidden?: boolean }).hidden)).toBe(true);
  });
});

describe('fraud signals read with the sender’s last messages', () => {
  it('warns on bank details however they are typed, and on an IBAN split over two messages', async () => {
    let now = Date.parse('2026-05-04T09:00:00Z');
    const { app } = await buildTestApp({ clock: { now: () => new Date(now) } });
    const { seller, buyer } = await setup(app);
    const { conversation } = await openConversationBetween(app, buyer.user.id, seller.user.id);
    const send = async (client: typeof seller.client, content: string) => {
      const sent = await client.post(`/api/conversations/${conversation.id}/messages`, { content });
      expect(sent.statusCode, sent.body).toBe(201);
      now += 20_000;
    };
    const signalsOf = async (content: string) => {
      const items = (await buyer.client.get(`/api/conversations/${conversation.id}/messages`)).json()
        .items as { content: string; fraudSignals?: string[] }[];
      return items.findLast((m) => m.content === content)?.fraudSignals;
    };

    for (const [content, kinds] of [
      ['IBAN DE89.3704.0044.0532.0130.00', ['iban']],
      ['IBAN D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0', ['iban']],
      ['IBAN ＤＥ８９\u200b3704\u00a00044 0532 0130 00', ['iban']],
      ['Please pay straight to our bank, we load the same day', ['off_platform_payment']],
      ['Or just wire it to my acct', ['off_platform_payment']],
    ] as const) {
      await send(seller.client, content);
      expect(await signalsOf(content), content).toEqual(kinds);
    }

    // Two halves, with the other trader's answer between them: the second half carries the warning.
    await send(seller.client, 'Our new account is DE89 3704 0044');
    expect(await signalsOf('Our new account is DE89 3704 0044')).toBeUndefined();
    await send(buyer.client, 'ok, and the rest?');
    await send(seller.client, '0532 0130 00');
    expect(await signalsOf('0532 0130 00')).toEqual(['iban']);

    // Past the 10 minutes the sender's messages are read with, a half is read alone.
    await send(seller.client, 'Second account DE89 3704 0044');
    now += 11 * 60_000;
    await send(seller.client, '0532 0130 00 ');
    expect(await signalsOf('0532 0130 00 ')).toBeUndefined();
  });
});

describe('repeated blocks', () => {
  it('queues a company blocked by 5 distinct verified traders within 90 days, once', async () => {
    const { app, database } = await buildTestApp();
    const target = await signedInClient(app, { fullName: 'Often Blocked' });
    const company = await createCompanyOf(target.client, { companyName: 'Often Blocked Ltd' });
    const admin = await adminClient(app);
    const verifiedTrader = async (i: number, verified = true) => {
      const trader = await signedInClient(app);
      const own = await createCompanyOf(trader.client, {
        companyName: `Verified ${i}`,
        contactEmail: `v${i}@x.test`,
      });
      if (verified)
        await database.db.update(companies).set({ verified: true }).where(eq(companies.id, own.id));
      return trader;
    };
    // An unverified trader's block does not count.
    const unverified = await verifiedTrader(99, false);
    await unverified.client.post('/api/me/blocks', { userId: target.user.id });
    for (let i = 0; i < 4; i++)
      await (await verifiedTrader(i)).client.post('/api/me/blocks', { userId: target.user.id });
    const queued = () =>
      database.db
        .select()
        .from(reports)
        .where(and(eq(reports.reason, 'repeated_blocks'), eq(reports.targetId, company.id)));
    expect(await queued()).toHaveLength(0);
    await (await verifiedTrader(4)).client.post('/api/me/blocks', { userId: target.user.id });
    expect(await queued()).toHaveLength(1);
    await (await verifiedTrader(5)).client.post('/api/me/blocks', { userId: target.user.id });
    expect(await queued()).toHaveLength(1);

    const [report] = (await admin.client.get('/api/admin/reports')).json().items;
    expect(report).toMatchObject({
      source: 'system',
      reason: 'repeated_blocks',
      targetType: 'company',
      context: { title: 'Often Blocked Ltd', owner: { id: target.user.id } },
    });
  });
});
