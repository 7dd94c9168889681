import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, signUpBody, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { createListingOf } from '../../../test/factories/messaging.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { adminAuditLog, listings, users } from '../../db/schema.ts';
import { upsertSettings } from './settings.repository.ts';

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('platform status', () => {
  it('serves the name and switches to everyone, and follows an administrator’s change', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    expect((await visitor.get('/api/settings/platform')).json()).toEqual({
      name: 'Recytrade',
      maintenanceMode: false,
      registrationsOpen: true,
      newListingsOpen: true,
      escrowRequired: true,
    });
    const admin = await adminClient(app);
    await admin.client.patch('/api/admin/settings', { 'platform.name': '  ScrapHub  ' });
    expect((await visitor.get('/api/settings/platform')).json().name).toBe('ScrapHub');
  });

  it('answers from memory for at most 2 s when another instance changed the setting', async () => {
    const { app, database } = await buildTestApp();
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { settings } = app.services;
      expect((await settings.getPlatformStatus()).maintenanceMode).toBe(false);
      // Another instance writes the row; this one's cache does not know.
      await upsertSettings(database.db, [{ key: 'platform.maintenance_mode', value: true }], null);
      vi.advanceTimersByTime(1500);
      expect((await settings.getPlatformStatus()).maintenanceMode).toBe(false);
      vi.advanceTimersByTime(600);
      expect((await settings.getPlatformStatus()).maintenanceMode).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('settings that take effect', () => {
  it('refuses sign-up while registrations are closed, creating nothing; sign-in still works', async () => {
    const { app, database } = await buildTestApp();
    const [admin, trader] = await Promise.all([adminClient(app), signedInClient(app)]);
    await admin.client.patch('/api/admin/settings', { 'platform.registrations_open': false });
    expect((await createClient(app).get('/api/settings/platform')).json().registrationsOpen).toBe(false);

    const body = signUpBody();
    const refused = await createClient(app).post('/api/accounts/sign-up', body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'REGISTRATIONS_CLOSED',
      message: PLATFORM_MESSAGES.registrationsClosed,
    });
    expect(await database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await app.services.notifications.listMailbox({ to: body.email })).toEqual([]);

    const signIn = await createClient(app).post('/api/accounts/sign-in', {
      email: trader.credentials.email,
      password: trader.credentials.password,
    });
    expect(signIn.statusCode).toBe(200);

    await admin.client.patch('/api/admin/settings', { 'platform.registrations_open': true });
    expect((await createClient(app).post('/api/accounts/sign-up', body)).statusCode).toBe(201);
    await waitForEmail(app, body.email, 'email-verification');
  });

  it('refuses new listings to everyone while they are switched off; existing listings can still be edited', async () => {
    const { app, database } = await buildTestApp();
    const [admin, trader] = await Promise.all([adminClient(app), signedInClient(app)]);
    const existing = await createListingOf(trader.client);
    await admin.client.patch('/api/admin/settings', { 'platform.new_listings_open': false });

    for (const client of [trader.client, admin.client]) {
      const res = await client.post('/api/listings', {
        title: 'Mixed PET bales',
        type: 'sell',
        description: 'Clear and coloured PET bottles, baled, 18 t per load.',
        availability: 'immediate',
        category: 'plastics',
        location: 'Lyon, France',
        price: 210,
        quantity: 18,
        unit: 'tons',
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'NEW_LISTINGS_CLOSED',
        message: PLATFORM_MESSAGES.newListingsClosed,
      });
    }
    expect(await database.db.select({ id: listings.id }).from(listings)).toEqual([{ id: existing.id }]);
    // The refused attempt used none of the free monthly quota.
    expect((await trader.client.get('/api/me/listing-usage')).json()).toMatchObject({ usedThisMonth: 1 });

    const edited = await trader.client.patch(`/api/listings/${existing.id}`, { title: 'Baled OCC, 22 t' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().title).toBe('Baled OCC, 22 t');

    await admin.client.patch('/api/admin/settings', { 'platform.new_listings_open': true });
    await createListingOf(trader.client, { title: 'Aluminium UBC bales' });
  });

  it('uses a new commission rate for new deals only; existing deals keep theirs, counter-offers included', async () => {
    const { app } = await buildTestApp();
    const [admin, seller, buyer] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    const before = await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 });
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json()).toMatchObject({ commissionRateBps: 300, commissionCents: 3000 });

    await admin.client.patch('/api/admin/settings', { 'fees.commission_rate_bps': 450 });
    const after = await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 });
    expect(after.json()).toMatchObject({ commissionRateBps: 450, commissionCents: 4500 });

    const kept = await buyer.client.get(`/api/deals/${before.json().id}`);
    expect(kept.json()).toMatchObject({ commissionRateBps: 300, commissionCents: 3000 });
    const countered = await seller.client.post(`/api/deals/${before.json().id}/actions`, {
      action: 'counter-offer',
      dealValue: 2000,
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ commissionRateBps: 300, commissionCents: 6000 });
  });

  it('charges the new contact fee to a free user starting a conversation', async () => {
    const { app } = await buildTestApp();
    const [admin, seller, buyer] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const listing = await createListingOf(seller.client);
    await admin.client.patch('/api/admin/settings', { 'fees.contact_fee_cents': 2500 });
    const start = await buyer.client.post('/api/conversations', {
      listingId: listing.id,
      subject: 'OCC bales',
      initialMessage: 'Can you ship 20 t to Lyon?',
    });
    expect(start.json()).toMatchObject({ status: 'payment_required', amountCents: 2500 });
  });

  it('charges the new featured fee when a listing is featured', async () => {
    const { app } = await buildTestApp();
    const [admin, seller] = await Promise.all([adminClient(app), signedInClient(app)]);
    await admin.client.patch('/api/admin/settings', { 'fees.featured_listing_cents': 2200 });
    const listing = await createListingOf(seller.client);
    const feature = await seller.client.post(`/api/listings/${listing.id}/feature`, {});
    expect(feature.statusCode, feature.body).toBe(200);
    const payments = (await seller.client.get('/api/payments')).json().payments;
    expect(payments).toContainEqual(
      expect.objectContaining({ purpose: 'featured_listing', amountCents: 2200, status: 'pending' }),
    );
  });
});

describe('email settings', () => {
  it('keeps notification emails in the outbox as skipped while they are off; account emails still go', async () => {
    const { app } = await buildTestApp();
    const [admin, seller, buyer] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const listing = await createListingOf(seller.client);
    await admin.client.patch('/api/admin/settings', { 'email.notifications_enabled': false });

    expect(
      (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 500 })).statusCode,
    ).toBe(201);
    const notification = await waitForEmail(app, seller.user.email, 'deal-created');
    expect(notification.status).toBe('skipped');

    const body = signUpBody();
    expect((await createClient(app).post('/api/accounts/sign-up', body)).statusCode).toBe(201);
    const verification = await waitForEmail(app, body.email, 'email-verification');
    expect(verification.status).not.toBe('skipped');
    // The dev mailbox "delivers" by keeping the row: the job marks it sent.
    await expect
      .poll(async () => (await app.services.notifications.getEmail(verification.id))?.status, {
        timeout: 10_000,
      })
      .toBe('sent');
    // A skipped email is never picked up later, even by a stray delivery.
    await app.services.notifications.drainOutbox();
    expect((await app.services.notifications.getEmail(notification.id))?.status).toBe('skipped');
  });

  it('sends through the SMTP host and port of the settings, from their address under the platform name', async () => {
    const first = await startSmtpServer();
    const second = await startSmtpServer();
    // No mailer passed in: the app builds its own from the settings (SMTP_URL unset: the dev mailbox).
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const changed = await admin.client.patch('/api/admin/settings', {
      'email.smtp_host': '127.0.0.1',
      'email.smtp_port': first.port,
      'email.from_address': 'deals@scraphub.test',
      'platform.name': 'ScrapHub, "B2B"',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The admin's own sign-up email may still be in flight, so each check picks the mail by recipient.
    const mailTo = (server: typeof first, email: string) =>
      server.received.filter((m) => m.to.includes(email.toLowerCase()));
    const one = signUpBody();
    await createClient(app).post('/api/accounts/sign-up', one);
    await expect.poll(() => mailTo(first, one.email).length, { timeout: 10_000 }).toBe(1);
    expect(mailTo(first, one.email)[0]).toMatchObject({
      from: { name: 'ScrapHub, "B2B"', address: 'deals@scraphub.test' },
    });

    // A new port: the next email goes to the other server.
    await admin.client.patch('/api/admin/settings', {
      'email.smtp_port': second.port,
      'email.from_address': '',
    });
    const two = signUpBody();
    await createClient(app).post('/api/accounts/sign-up', two);
    await expect.poll(() => mailTo(second, two.email).length, { timeout: 10_000 }).toBe(1);
    // No from address in the settings: MAIL_FROM's address, still under the platform name.
    expect(mailTo(second, two.email)[0]).toMatchObject({
      from: { name: 'ScrapHub, "B2B"', address: 'no-reply@recytrade.test' },
    });
    expect(mailTo(first, two.email)).toHaveLength(0);
  });
});

describe('PATCH /api/admin/settings', () => {
  it('refuses invalid platform and email values with the schema’s message', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ 'platform.name': '' }, 'Please enter a platform name'],
      [{ 'platform.name': '   ' }, 'Please enter a platform name'],
      [{ 'platform.name': 'x'.repeat(61) }, 'The platform name must be at most 60 characters'],
      [{ 'email.smtp_port': 70_000 }, 'The SMTP port must be between 1 and 65535'],
      [{ 'email.smtp_port': 0 }, 'The SMTP port must be between 1 and 65535'],
      [{ 'email.from_address': 'not-an-address' }, 'Please enter a valid from email address'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.patch('/api/admin/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await createClient(app).get('/api/settings/platform')).json().name).toBe('Recytrade');
  });

  it('refuses visitors (401) and traders (403)', async () => {
    const { app } = await buildTestApp();
    const trader = await signedInClient(app);
    const body = { 'platform.maintenance_mode': true };
    expect((await createClient(app).patch('/api/admin/settings', body)).statusCode).toBe(401);
    expect((await trader.client.patch('/api/admin/settings', body)).statusCode).toBe(403);
    expect((await createClient(app).get('/api/settings/platform')).json().maintenanceMode).toBe(false);
  });

  it('writes an audit row with each changed key’s old and new value', async () => {
    const { app, database } = await buildTestApp();
    const admin = await adminClient(app);
    await admin.client.patch('/api/admin/settings', {
      'fees.commission_rate_bps': 350,
      'platform.name': 'ScrapHub',
      'email.notifications_enabled': true,
    });
    const rows = await database.db.select().from(adminAuditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.user.id,
      actorEmail: admin.user.email,
      action: 'settings.update',
      targetType: 'settings',
      details: {
        changes: {
          'fees.commission_rate_bps': { from: 300, to: 350 },
          'platform.name': { from: 'Recytrade', to: 'ScrapHub' },
        },
      },
    });
    // A value saved unchanged is not a change.
    expect(Object.keys(rows[0].details.changes as object)).toHaveLength(2);
    await admin.client.patch('/api/admin/settings', { 'platform.name': 'ScrapHub' });
    expect(await database.db.select().from(adminAuditLog)).toHaveLength(1);
  });
});
