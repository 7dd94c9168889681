import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  DEFAULT_CONTACT_SUBJECT,
} from '@app/shared/content/contact.schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { createTestClock } from '../../../test/factories/billing.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';
import { contactMessages } from './contact.table.ts';

const SUPPORT = 'support@recytrade.test';

function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Dana',
    lastName: 'Fischer',
    email: 'dana@northwind.test',
    company: 'Northwind Metals',
    subject: 'Bulk copper pricing',
    message: 'Hello,\nwe trade 40 t of copper a month. <b>Can</b> we talk?',
    ...overrides,
  };
}

describe('POST /api/contact', () => {
  it("refuses visitors with 'Authentication required' and stores nothing", async () => {
    const { app, database } = await buildTestApp();
    const res = await createClient(app).post('/api/contact', contactBody());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: CONTACT_MESSAGES.authRequired });
    expect(await database.db.select().from(contactMessages)).toEqual([]);
  });

  it('stores the message and emails it to the support address with Reply-To the sender', async () => {
    const { app, database } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    const res = await client.post('/api/contact', contactBody());
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({ stored: true, emailed: true });
    expect(receipt.id).toMatch(/^ctm_/);

    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, receipt.id));
    expect(row).toMatchObject({
      userId: user.id,
      firstName: 'Dana',
      lastName: 'Fischer',
      email: 'dana@northwind.test',
      company: 'Northwind Metals',
      subject: 'Bulk copper pricing',
      message: 'Hello,\nwe trade 40 t of copper a month. <b>Can</b> we talk?',
    });
    expect(row.emailedAt).toBeInstanceOf(Date);

    const email = await waitForEmail(app, SUPPORT, 'contact-message');
    expect(email.replyTo).toBe('dana@northwind.test');
    expect(email.subject).toBe('Contact form: Bulk copper pricing (from Dana Fischer)');
    expect(email.textBody).toContain('we trade 40 t of copper a month. <b>Can</b> we talk?');
    expect(email.textBody).toContain('Company: Northwind Metals');
    // The form names another address than the account's: support sees both.
    expect(email.textBody).toContain(`Account: ${user.email}`);
    expect(email.htmlBody).toContain('&lt;b&gt;Can&lt;/b&gt;');
    expect(email.htmlBody).not.toContain('<b>Can</b>');

    const mailbox = await createClient(app).get(`/api/dev/mailbox?to=${SUPPORT}`);
    expect(mailbox.json().emails[0]).toMatchObject({
      kind: 'contact-message',
      replyTo: 'dana@northwind.test',
    });
  });

  it('defaults the subject to General Inquiry and treats a blank company as none', async () => {
    const { app, database } = await buildTestApp();
    const { client } = await signedInClient(app);
    const { subject: _omitted, ...withoutSubject } = contactBody({ company: '   ' });
    const res = await client.post('/api/contact', withoutSubject);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await database.db.select().from(contactMessages);
    expect(row).toMatchObject({ subject: DEFAULT_CONTACT_SUBJECT, company: null });
    const email = await waitForEmail(app, SUPPORT, 'contact-message');
    expect(email.subject).toBe('Contact form: General Inquiry (from Dana Fischer)');
    expect(email.textBody).not.toContain('Company:');
  });

  it("answers the form's validation messages with 400", async () => {
    const { app, database } = await buildTestApp();
    const { client } = await signedInClient(app);
    const empty = await client.post('/api/contact', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(
      [
        CONTACT_MESSAGES.firstNameRequired,
        CONTACT_MESSAGES.lastNameRequired,
        CONTACT_MESSAGES.emailRequired,
        CONTACT_MESSAGES.messageRequired,
      ].join(', '),
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ message: '' }, CONTACT_MESSAGES.messageRequired],
      [{ message: '  \n\t ' }, CONTACT_MESSAGES.messageRequired],
      [{ firstName: ' ' }, CONTACT_MESSAGES.firstNameRequired],
      [{ lastName: '' }, CONTACT_MESSAGES.lastNameRequired],
      [{ email: '' }, CONTACT_MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, CONTACT_MESSAGES.emailInvalid],
      [{ subject: ' ' }, CONTACT_MESSAGES.subjectRequired],
      [{ firstName: 'x'.repeat(CONTACT_LIMITS.nameMax + 1) }, CONTACT_MESSAGES.nameTooLong],
      [{ company: 'x'.repeat(CONTACT_LIMITS.companyMax + 1) }, CONTACT_MESSAGES.companyTooLong],
      [{ subject: 'x'.repeat(CONTACT_LIMITS.subjectMax + 1) }, CONTACT_MESSAGES.subjectTooLong],
      [{ message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) }, CONTACT_MESSAGES.messageTooLong],
    ];
    for (const [overrides, message] of cases) {
      const res = await client.post('/api/contact', contactBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await database.db.select().from(contactMessages)).toEqual([]);
  });

  it('answers malformed input with 400, never 500', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const bodies: unknown[] = [
      contactBody({ firstName: 42 }),
      contactBody({ message: ['a'] }),
      contactBody({ company: { name: 'x' } }),
      contactBody({ admin: true }),
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await client.post('/api/contact', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const text = await client.request({
      method: 'POST',
      url: '/api/contact',
      payload: 'Hello, I would like to talk.',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('VALIDATION_FAILED');
    const broken = await client.request({
      method: 'POST',
      url: '/api/contact',
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
  });

  it('limits each user to 5 messages in 10 minutes with a clear 429', async () => {
    const clock = createTestClock(new Date('2026-03-02T10:00:00Z'));
    const { app } = await buildTestApp({ clock });
    const sender = await signedInClient(app);
    const other = await signedInClient(app);
    for (let i = 0; i < CONTACT_LIMITS.perUserMax; i += 1) {
      clock.set(new Date(clock.now().getTime() + 60_000));
      expect((await sender.client.post('/api/contact', contactBody({ message: `#${i}` }))).statusCode).toBe(
        201,
      );
    }
    const refused = await sender.client.post('/api/contact', contactBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: CONTACT_MESSAGES.tooMany });
    // The first message (10:01) leaves the window at 10:11; it is now 10:05.
    expect(refused.headers['retry-after']).toBe(String(6 * 60));
    // Another user is not affected.
    expect((await other.client.post('/api/contact', contactBody())).statusCode).toBe(201);

    clock.set(new Date('2026-03-02T10:11:00Z'));
    expect((await sender.client.post('/api/contact', contactBody())).statusCode).toBe(201);
    expect((await sender.client.post('/api/contact', contactBody())).statusCode).toBe(429);
  });

  it('keeps the stored message when the email cannot be queued', async () => {
    const { app, database } = await buildTestApp();
    const { client } = await signedInClient(app);
    vi.spyOn(app.services.notifications, 'queueEmail').mockRejectedValueOnce(new Error('outbox unavailable'));
    const res = await client.post('/api/contact', contactBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ stored: true, emailed: false });
    const [row] = await database.db.select().from(contactMessages);
    expect(row).toMatchObject({ id: res.json().id, emailedAt: null });
    vi.restoreAllMocks();
  });

  it('sends to SUPPORT_EMAIL over SMTP with the sender as Reply-To', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({
      mailer: smtp.mailer,
      env: { supportEmail: 'help@example.test' },
    });
    const { client } = await signedInClient(app);
    expect((await client.post('/api/contact', contactBody())).statusCode).toBe(201);
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes('help@example.test')), { timeout: 10_000 })
      .toBe(true);
    const mail = smtp.received.find((m) => m.to.includes('help@example.test'));
    expect(mail).toMatchObject({
      replyTo: 'dana@northwind.test',
      subject: 'Contact form: Bulk copper pricing (from Dana Fischer)',
    });
    expect(mail?.text).toContain('we trade 40 t of copper a month.');
  });
});
