import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signUpBody, tokenFromEmail } from '../../../test/factories/accounts.ts';
import { createTestClock } from '../../../test/factories/billing.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';
import { insertOutboxEmail } from './notifications.repository.ts';
import { MAX_DELIVERY_ATTEMPTS, OUTBOX_BATCH_SIZE, retryDelaySeconds } from './notifications.service.ts';

const DAY_SECONDS = 86_400;

function email(to: string, subject = 'Your offer') {
  return { to, subject, text: 'Hello', html: '<p>Hello</p>', kind: 'test' };
}

function secondsBetween(from: Date, to: Date | undefined): number {
  return ((to?.getTime() ?? Number.NaN) - from.getTime()) / 1000;
}

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

  it('retries a delivery the SMTP server refused a minute later and records the failed attempt', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 1 });
    const clock = createTestClock();
    const { app } = await buildTestApp({ mailer: smtp.mailer, clock });
    const { notifications } = app.services;
    const row = await notifications.queueEmail(email('buyer@example.test'));
    await notifications.drainOutbox();
    const refused = await notifications.getEmail(row.id);
    expect(refused).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('451'),
    });
    expect(secondsBetween(clock.now(), refused?.nextAttemptAt)).toBeGreaterThanOrEqual(60);

    clock.set(refused?.nextAttemptAt as Date);
    await notifications.drainOutbox();
    expect(smtp.received).toHaveLength(1);
    expect(await notifications.getEmail(row.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('escapes user-provided names in the HTML body', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    await app.services.notifications.queueEmail({
      to: 'x@example.test',
      kind: 'test',
      subject: 'Reset your password',
      ...(await import('./email-templates.ts')).emailLayout(
        { name: 'Recytrade' },
        {
          heading: 'Reset your password',
          intro: 'Hello Tom & "Jerry", we received a request to reset the password of your account.',
          actionLabel: 'Choose a new password',
          actionUrl: 'http://localhost:3000/reset-password?token=a',
          outro: 'The link is valid for 1 hour.',
        },
      ),
    });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0].html).toContain('Tom &amp; &quot;Jerry&quot;');
  });
});

describe('the outbox when SMTP is down', () => {
  it('spreads its retries over more than a day before giving up', () => {
    const noJitter = () => 0;
    let window = 0;
    for (let failed = 1; failed < MAX_DELIVERY_ATTEMPTS; failed++)
      window += retryDelaySeconds(failed, noJitter);
    expect(window).toBeGreaterThanOrEqual(DAY_SECONDS);
    expect(retryDelaySeconds(2, noJitter)).toBe(2 * retryDelaySeconds(1, noJitter));
    expect(retryDelaySeconds(1, () => 0.999)).toBeLessThanOrEqual(1.2 * retryDelaySeconds(1, noJitter));
  });

  it('retries with growing delays, keeps the email queued for 24 hours, then marks it failed', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 1000 });
    const clock = createTestClock();
    const { app } = await buildTestApp({ mailer: smtp.mailer, clock });
    const { notifications } = app.services;
    const queuedAt = clock.now();
    const row = await notifications.queueEmail(email('buyer@example.test'));

    const delays: number[] = [];
    for (;;) {
      await notifications.drainOutbox();
      const stored = await notifications.getEmail(row.id);
      if (stored?.status !== 'queued') break;
      delays.push(secondsBetween(clock.now(), stored.nextAttemptAt));
      clock.set(stored.nextAttemptAt);
      // Within the first day the email is never given up on.
      if (secondsBetween(queuedAt, clock.now()) > 2 * DAY_SECONDS)
        throw new Error('still retrying after 2 days');
    }
    const failed = await notifications.getEmail(row.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(failed?.lastError).toContain('451');
    expect(secondsBetween(queuedAt, clock.now())).toBeGreaterThanOrEqual(DAY_SECONDS);
    expect(delays[0]).toBeGreaterThanOrEqual(60);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] / 1.2);
    expect(delays.at(-1)).toBeGreaterThan(16 * delays[0]);
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers every queued email once the SMTP server takes mail again', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 3 * 3 });
    const clock = createTestClock();
    const { app } = await buildTestApp({ mailer: smtp.mailer, clock });
    const { notifications } = app.services;
    const rows = await Promise.all(
      ['a', 'b', 'c'].map((n) => notifications.queueEmail(email(`${n}@example.test`))),
    );
    for (let outage = 0; outage < 3; outage++) {
      await notifications.drainOutbox();
      clock.set(new Date(clock.now().getTime() + 4 * 3600 * 1000));
    }
    await notifications.drainOutbox();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'a@example.test',
      'b@example.test',
      'c@example.test',
    ]);
    for (const row of rows)
      expect(await notifications.getEmail(row.id)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('sends new mail before retries that are due', async () => {
    const retries = OUTBOX_BATCH_SIZE + 10;
    const smtp = await startSmtpServer({ refuseFirst: retries });
    const clock = createTestClock();
    const { app, database } = await buildTestApp({ mailer: smtp.mailer, clock });
    const { notifications } = app.services;
    for (let i = 0; i < retries; i++) await notifications.queueEmail(email(`old-${i}@example.test`));
    await notifications.drainOutbox();
    expect((await notifications.listMailbox({ limit: 200 })).every((r) => r.attempts === 1)).toBe(true);

    // An hour later every retry is due, and a new email is queued (in a transaction, so no pass starts).
    clock.set(new Date(clock.now().getTime() + 3600 * 1000));
    await database.db.transaction((tx) => notifications.queueEmail(email('new@example.test'), { tx }));
    await notifications.drainOutbox();

    expect(smtp.received).toHaveLength(retries + 1);
    const position = smtp.received.findIndex((m) => m.to[0] === 'new@example.test');
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(OUTBOX_BATCH_SIZE);
  });
});

describe('the transactional outbox', () => {
  it('sends an email queued in a transaction once it commits, and never one whose transaction rolled back', async () => {
    const smtp = await startSmtpServer();
    const { app, database } = await buildTestApp({ mailer: smtp.mailer });
    const { notifications } = app.services;
    await database.db.transaction((tx) => notifications.queueEmail(email('kept@example.test'), { tx }));
    await expect(
      database.db.transaction(async (tx) => {
        await notifications.queueEmail(email('dropped@example.test'), { tx });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    // No one triggers a pass: the sender's poll finds the committed email.
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0].to).toEqual(['kept@example.test']);
    expect(await notifications.listMailbox({ to: 'dropped@example.test' })).toEqual([]);
  });

  it('sends a batch a dead sender left claimed once its claim runs out', async () => {
    const smtp = await startSmtpServer();
    const clock = createTestClock();
    const { app, database } = await buildTestApp({ mailer: smtp.mailer, clock });
    const { notifications } = app.services;
    // As a sender killed mid-batch leaves it: claimed for the next minute, never sent.
    const row = await insertOutboxEmail(database.db, {
      id: 'eml_left-by-a-crash',
      toAddress: 'buyer@example.test',
      subject: 'Deal agreed',
      textBody: 'Hello',
      htmlBody: '<p>Hello</p>',
      kind: 'test',
      status: 'sending',
      claimedUntil: new Date(clock.now().getTime() + 60_000),
    });
    await notifications.drainOutbox();
    expect(smtp.received).toHaveLength(0);

    clock.set(new Date(clock.now().getTime() + 61_000));
    await notifications.drainOutbox();
    expect(smtp.received.map((m) => m.subject)).toEqual(['Deal agreed']);
    expect((await notifications.getEmail(row.id))?.status).toBe('sent');
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
