import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, signUpBody, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import type { Db } from '../../db/client.ts';
import { companies, deals, listings, reports, wireTransfers } from '../../db/schema.ts';

async function insertWire(db: Db, userId: string, status: 'pending' | 'received' | 'verified' | 'failed') {
  await db.insert(wireTransfers).values({
    id: randomUUID(),
    referenceNumber: `WT-TEST-${randomUUID().slice(0, 8)}`,
    userId,
    amountCents: 103_000,
    recipientBankName: 'Test Bank',
    recipientAccountName: 'Recytrade Escrow',
    recipientAccountNumber: '123456789',
    recipientSwiftCode: 'TESTUS33XXX',
    paymentType: 'deal_escrow',
    relatedId: randomUUID(),
    status,
  });
}

async function insertDeal(db: Db, listingId: string, buyerId: string, sellerId: string, disputed: boolean) {
  await db.insert(deals).values({
    id: randomUUID(),
    listingId,
    buyerUserId: buyerId,
    sellerUserId: sellerId,
    dealValueCents: 100_000,
    commissionRateBps: 300,
    commissionCents: 3_000,
    status: disputed ? 'disputed' : 'initiated',
    ...(disputed && { disputeReason: 'Wrong grade delivered', disputeOpenedAt: new Date() }),
  });
}

describe('the admin dashboard overview', () => {
  it('answers 401 to a visitor, 403 to a trader and 200 to an administrator', async () => {
    const { app } = await buildTestApp();
    expect((await createClient(app).get('/api/admin/overview')).statusCode).toBe(401);
    const trader = await signedInClient(app);
    expect((await trader.client.get('/api/admin/overview')).statusCode).toBe(403);
    const admin = await adminClient(app);
    expect((await admin.client.get('/api/admin/overview')).statusCode).toBe(200);
  });

  it('counts pending listings, unverified companies, wires awaiting verification, disputes, unconfirmed sign-ups and open reports', async () => {
    const { app, database } = await buildTestApp();
    const { db } = database;
    const admin = await adminClient(app);

    const seller = await insertTrader(db, 'Seller');
    const buyer = await insertTrader(db, 'Buyer', { companyEmail: null });
    const verifiedOwner = await insertTrader(db, 'Verified');
    await db.update(companies).set({ verified: true }).where(eq(companies.userId, verifiedOwner.id));
    const removedOwner = await insertTrader(db, 'Removed');
    await db.update(companies).set({ removedAt: new Date() }).where(eq(companies.userId, removedOwner.id));

    const approved = await insertListing(db, seller.id);
    for (const status of ['pending', 'pending', 'rejected'] as const) {
      const { id } = await insertListing(db, seller.id);
      await db.update(listings).set({ approvalStatus: status }).where(eq(listings.id, id));
    }
    for (const status of ['pending', 'received', 'verified', 'failed'] as const)
      await insertWire(db, buyer.id, status);
    await insertDeal(db, approved.id, buyer.id, seller.id, true);
    await insertDeal(db, approved.id, buyer.id, seller.id, false);
    for (let i = 0; i < 2; i += 1) {
      const res = await createClient(app).post('/api/accounts/sign-up', signUpBody());
      expect(res.statusCode).toBe(201);
    }
    // Two reports wait in the moderation queue (a trader's and the platform's); a dismissed one does not.
    for (const [reporterId, status] of [
      [buyer.id, 'open'],
      [null, 'open'],
      [buyer.id, 'dismissed'],
    ] as const)
      await db.insert(reports).values({
        id: `rpt_${randomUUID()}`,
        targetType: 'listing',
        targetId: approved.id,
        subjectUserId: seller.id,
        reason: 'fraud',
        reporterId,
        status,
      });

    const res = await admin.client.get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pendingListings: 2,
      unverifiedCompanies: 1,
      wireTransfersAwaitingVerification: 2,
      openDisputes: 1,
      claimsAwaitingDecision: 0,
      unconfirmedUsers: 2,
      openReports: 2,
    });
  });
});

describe('email management: unconfirmed sign-ups', () => {
  it('refuses visitors (401) and traders (403) on every route', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const trader = await signedInClient(app);
    const calls = [
      (c: typeof visitor) => c.get('/api/admin/unconfirmed-users'),
      (c: typeof visitor) => c.post('/api/admin/unconfirmed-users/resend', { email: 'a@b.test' }),
      (c: typeof visitor) => c.post('/api/admin/unconfirmed-users/resend-all', { emails: ['a@b.test'] }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(trader.client)).statusCode).toBe(403);
    }
  });

  it('lists unconfirmed sign-ups newest first and resends the sign-up confirmation email', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const body = signUpBody();
    expect((await createClient(app).post('/api/accounts/sign-up', body)).statusCode).toBe(201);
    await waitForEmail(app, body.email, 'email-verification');

    const list = await admin.client.get('/api/admin/unconfirmed-users');
    expect(list.statusCode).toBe(200);
    const users = list.json().users as { email: string; createdAt: string }[];
    expect(users.map((u) => u.email)).toEqual([body.email.toLowerCase()]);
    expect(Number.isNaN(Date.parse(users[0].createdAt))).toBe(false);

    const before = (await app.services.notifications.listMailbox({ to: body.email.toLowerCase() })).length;
    const resend = await admin.client.post('/api/admin/unconfirmed-users/resend', { email: body.email });
    expect(resend.statusCode).toBe(204);
    await expect
      .poll(
        async () => (await app.services.notifications.listMailbox({ to: body.email.toLowerCase() })).length,
      )
      .toBe(before + 1);

    const confirmed = await admin.client.post('/api/admin/unconfirmed-users/resend', {
      email: admin.user.email,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.message).toBe(`${admin.user.email} is already confirmed`);
    const unknown = await admin.client.post('/api/admin/unconfirmed-users/resend', {
      email: 'ghost@nowhere.test',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No account with the email ghost@nowhere.test');
    const blank = await admin.client.post('/api/admin/unconfirmed-users/resend', { email: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('resends to a list and reports how many succeeded and failed', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const first = signUpBody();
    const second = signUpBody();
    for (const b of [first, second])
      expect((await createClient(app).post('/api/accounts/sign-up', b)).statusCode).toBe(201);

    const res = await admin.client.post('/api/admin/unconfirmed-users/resend-all', {
      emails: [first.email, second.email, 'ghost@nowhere.test'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ successful: 2, failed: 1, total: 3 });
    const empty = await admin.client.post('/api/admin/unconfirmed-users/resend-all', { emails: [] });
    expect(empty.statusCode).toBe(400);
  });
});
