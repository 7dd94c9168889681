import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';
import { adminAuditLog } from '../../db/schema.ts';
import { MAX_DELIVERY_ATTEMPTS } from './notifications.service.ts';

/** Two emails the SMTP server refused for their whole retry window; it takes mail again afterwards. */
async function setUpFailedEmails() {
  const smtp = await startSmtpServer({ refuseFirst: 2 * MAX_DELIVERY_ATTEMPTS });
  const clock = createTestClock();
  const { app, database } = await buildTestApp({ mailer: smtp.mailer, clock });
  const { notifications } = app.services;
  const queue = (to: string, subject: string) =>
    notifications.queueEmail({ to, subject, text: 'Hello', html: '<p>Hello</p>', kind: 'deal-agreed' });
  const first = await queue('buyer@example.test', 'Deal agreed');
  const second = await queue('seller@example.test', 'Deal agreed, ship the goods');
  for (let attempt = 0; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
    await notifications.drainOutbox();
    clock.set(new Date(clock.now().getTime() + 4 * 3600 * 1000));
  }
  expect((await notifications.getEmail(first.id))?.status).toBe('failed');
  expect((await notifications.getEmail(second.id))?.status).toBe('failed');
  // The outbox's own emails, not the sign-up confirmations of the clients the test signs in.
  const delivered = () => smtp.received.map((m) => m.to[0]).filter((to) => to.endsWith('@example.test'));
  return { app, db: database.db, delivered, first, second };
}

describe('failed emails on the email-management screen', () => {
  it('lists the emails the outbox gave up on to an administrator only (visitor 401, trader 403)', async () => {
    const { app, first } = await setUpFailedEmails();
    expect((await createClient(app).get('/api/admin/failed-emails')).statusCode).toBe(401);
    const trader = await signedInClient(app);
    expect((await trader.client.get('/api/admin/failed-emails')).statusCode).toBe(403);
    expect((await trader.client.post(`/api/admin/failed-emails/${first.id}/resend`)).statusCode).toBe(403);
    expect((await trader.client.post('/api/admin/failed-emails/resend-all')).statusCode).toBe(403);

    const admin = await adminClient(app);
    const list = await admin.client.get('/api/admin/failed-emails');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().emails).toContainEqual({
      id: first.id,
      to: 'buyer@example.test',
      subject: 'Deal agreed',
      kind: 'deal-agreed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: expect.stringContaining('451'),
      createdAt: expect.any(String),
    });
  });

  it('resends one failed email, audited, and answers 404 for an email that has not failed', async () => {
    const { app, db, delivered, first } = await setUpFailedEmails();
    const admin = await adminClient(app);
    expect((await admin.client.post(`/api/admin/failed-emails/${first.id}/resend`)).statusCode).toBe(204);
    await expect.poll(delivered).toEqual(['buyer@example.test']);
    await expect.poll(async () => (await app.services.notifications.getEmail(first.id))?.status).toBe('sent');

    const again = await admin.client.post(`/api/admin/failed-emails/${first.id}/resend`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('NOT_FOUND');
    expect((await admin.client.get('/api/admin/failed-emails')).json().total).toBe(1);
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'email.resend_failed'));
    expect(audit).toMatchObject({ targetType: 'email', targetId: first.id, actorUserId: admin.user.id });
  });

  it('resends every failed email at once and says how many', async () => {
    const { app, db, delivered } = await setUpFailedEmails();
    const admin = await adminClient(app);
    const res = await admin.client.post('/api/admin/failed-emails/resend-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 2 });
    await expect.poll(() => delivered().sort()).toEqual(['buyer@example.test', 'seller@example.test']);
    expect((await admin.client.get('/api/admin/failed-emails')).json()).toEqual({ emails: [], total: 0 });
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'email.resend_failed_all'));
    expect(audit).toMatchObject({ targetType: 'email', details: { queued: 2 } });
  });
});
