import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signUpBody, tokenFromEmail } from '../../../test/factories/accounts.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';

describe('email delivery over SMTP', () => {
  it('delivers the sign-up confirmation email through the outbox job to a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    const body = signUpBody({ fullName: 'Lena Vogt' });
    expect((await createClient(app).post('/api/accounts/sign-up', body)).statusCode).toBe(201);

    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([body.email]);
    expect(mail.subject).toBe('Confirm your email for Recytrade');
    expect(mail.text).toContain('Welcome to Recytrade, Lena Vogt');
    expect(tokenFromEmail(mail.text)).toMatch(/.+/);
    expect(mail.html).toContain('/auth/confirm?token=');

    const [row] = await app.services.notifications.listMailbox({ to: body.email });
    await expect.poll(async () => (await app.services.notifications.getEmail(row.id))?.status).toBe('sent');
  });

  it('retries a delivery the SMTP server refused and records the failed attempt', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 1 });
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    const row = await app.services.notifications.queueEmail({
      to: 'buyer@example.test',
      subject: 'Your offer',
      text: 'Hello',
      html: '<p>Hello</p>',
      kind: 'test',
    });
    await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 200 }).toBe(1);
    const stored = await app.services.notifications.getEmail(row.id);
    expect(stored?.status).toBe('sent');
    expect(stored?.attempts).toBe(2);
  });

  it('escapes user-provided names in the HTML body', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    await app.services.notifications.queueEmail({
      to: 'x@example.test',
      kind: 'test',
      ...(await import('./email-templates.ts')).passwordResetEmail(
        { name: 'Recytrade' },
        'Tom & "Jerry"',
        'http://localhost:3000/reset-password?token=a',
      ),
    });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0].html).toContain('Tom &amp; &quot;Jerry&quot;');
  });
});

describe('the dev mailbox', () => {
  it('lists sent emails as JSON and HTML outside production', async () => {
    const { app } = await buildTestApp();
    const body = signUpBody();
    await createClient(app).post('/api/accounts/sign-up', body);
    const list = await createClient(app).get(`/api/dev/mailbox?to=${encodeURIComponent(body.email)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().emails[0]).toMatchObject({ to: body.email, kind: 'email-verification' });
    const page = await createClient(app).get('/dev/mailbox');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm your email for Recytrade');
  });

  it('does not exist when the dev mailbox is off (production, or SMTP configured)', async () => {
    const { app } = await buildTestApp({ env: { devMailbox: false } });
    expect((await createClient(app).get('/api/dev/mailbox')).statusCode).toBe(404);
    expect((await createClient(app).get('/dev/mailbox')).statusCode).toBe(404);
  });
});
