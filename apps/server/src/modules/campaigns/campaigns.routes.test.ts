import {
  BULK_EMAIL_MESSAGES,
  BulkEmailCampaignListSchema,
  BulkEmailCampaignSchema,
  BulkEmailStatsSchema,
  PRESET_CAMPAIGN_SUBJECT,
  UNSUBSCRIBE_MESSAGES,
} from '@app/shared/admin/bulk-email.schemas';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { startSmtpServer } from '../../../test/factories/smtp.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Mailer } from '../notifications/index.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** The one-click URL of a raw message's List-Unsubscribe header (folded lines joined). */
function listUnsubscribeOf(raw: string): string | undefined {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded.match(/^List-Unsubscribe: <([^>]+)>/im)?.[1];
}

async function waitForCampaign(client: { get(url: string): Promise<{ json(): unknown }> }, id: string) {
  let campaign = BulkEmailCampaignSchema.parse(
    (await client.get(`/api/admin/bulk-email/campaigns/${id}`)).json(),
  );
  await expect
    .poll(
      async () => {
        campaign = BulkEmailCampaignSchema.parse(
          (await client.get(`/api/admin/bulk-email/campaigns/${id}`)).json(),
        );
        return campaign.status;
      },
      { timeout: 15_000 },
    )
    .toBe('completed');
  return campaign;
}

async function auditActions(app: FastifyInstance) {
  const rows = await app.services.access.audit.list(1, 50);
  return rows.rows.map((r) => ({ action: r.action, targetType: r.targetType, targetId: r.targetId }));
}

const tokenOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('token') ?? '');

describe('bulk email routes', () => {
  it('answer 401 to a visitor and 403 to a trader on every admin route', async () => {
    const { app } = await buildTestApp();
    const trader = await signedInClient(app);
    const visitor = createClient(app);
    for (const [method, url] of [
      ['GET', '/api/admin/bulk-email/stats'],
      ['GET', '/api/admin/bulk-email/preset'],
      ['POST', '/api/admin/bulk-email/send'],
      ['GET', '/api/admin/bulk-email/campaigns'],
      ['GET', '/api/admin/bulk-email/campaigns/cmp_x'],
    ] as const) {
      const payload = { target: 'all', template: 'preset', testMode: true, testEmail: 'a@b.test' };
      expect((await visitor.request({ method, url, payload })).statusCode, url).toBe(401);
      expect((await trader.client.request({ method, url, payload })).statusCode, url).toBe(403);
    }
    expect((await visitor.get('/api/me/email-preferences')).statusCode).toBe(401);
    expect((await visitor.patch('/api/me/email-preferences', { marketingEmails: false })).statusCode).toBe(
      401,
    );
    // Nothing was sent or recorded.
    expect(await app.services.notifications.listMailbox({ to: 'a@b.test' })).toHaveLength(0);
  });

  it('refuse a test send without an address and a custom send without subject or content', async () => {
    const { app } = await buildTestApp();
    const { client } = await adminClient(app);
    const send = (body: object) => client.post('/api/admin/bulk-email/send', body);

    const noAddress = await send({ target: 'all', template: 'preset', testMode: true, testEmail: '  ' });
    expect(noAddress.statusCode).toBe(400);
    expect(JSON.stringify(noAddress.json())).toContain(BULK_EMAIL_MESSAGES.testEmailRequired);

    for (const customEmail of [
      undefined,
      { subject: ' ', content: '<p>Hi</p>' },
      { subject: 'Hi', content: '\n' },
    ]) {
      const res = await send({ target: 'all', template: 'custom', testMode: false, customEmail });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(BULK_EMAIL_MESSAGES.customEmailRequired);
    }
    // Content that the allow-list empties entirely is no content either.
    const scriptOnly = await send({
      target: 'all',
      template: 'custom',
      testMode: false,
      customEmail: { subject: 'News', content: '<script>alert(1)</script>' },
    });
    expect(scriptOnly.statusCode).toBe(400);
    expect(scriptOnly.json().error.message).toBe(BULK_EMAIL_MESSAGES.customEmailRequired);
    expect((await send({ target: 'everyone', template: 'preset' })).statusCode).toBe(400);
  });

  it('send a test email once, now, with the admin’s own unsubscribe link, and audit it', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    const admin = await adminClient(app);

    const res = await admin.client.post('/api/admin/bulk-email/send', {
      target: 'unpaid_users',
      template: 'custom',
      testMode: true,
      testEmail: 'Preview@Example.test',
      customEmail: {
        subject: 'Spring prices',
        content:
          '<p>Copper is <strong>up</strong>.</p><script>alert(1)</script><p><a href="/marketplace">See</a></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'test',
      testEmail: 'Preview@Example.test',
      emailsSent: 1,
      emailsFailed: 0,
    });

    const [email] = await app.services.notifications.listMailbox({ to: 'preview@example.test' });
    expect(email).toMatchObject({
      kind: 'campaign-test',
      status: 'sent',
      attempts: 1,
      subject: 'Spring prices',
    });
    expect(email.htmlBody).toContain('Copper is <strong>up</strong>.');
    expect(email.htmlBody).not.toContain('script');
    expect(email.htmlBody).toContain(`href="${TEST_APP_URL}/marketplace"`);

    const delivered = smtp.received.filter((m) => m.to.includes('preview@example.test'));
    expect(delivered).toHaveLength(1);
    const oneClick = listUnsubscribeOf(delivered[0].raw);
    expect(oneClick).toMatch(new RegExp(`^${TEST_APP_URL}/api/email-preferences/one-click\\?token=`));
    expect(delivered[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(tokenOf(oneClick ?? '').startsWith(`${admin.user.id}.`)).toBe(true);
    expect(email.htmlBody).toContain(`${TEST_APP_URL}/unsubscribe?token=`);

    expect(await auditActions(app)).toEqual([
      { action: 'bulk_email.test_sent', targetType: 'email', targetId: 'preview@example.test' },
    ]);
    // A test never creates a campaign.
    expect(
      BulkEmailCampaignListSchema.parse((await admin.client.get('/api/admin/bulk-email/campaigns')).json())
        .campaigns,
    ).toEqual([]);
  });

  it('run a campaign to completion through the job queue; opted-out users never receive it', async () => {
    const smtp = await startSmtpServer();
    const { app } = await buildTestApp({ mailer: smtp.mailer });
    const admin = await adminClient(app);
    const [reader, optedOut] = await Promise.all([signedInClient(app), signedInClient(app)]);
    const optOut = await optedOut.client.patch('/api/me/email-preferences', { marketingEmails: false });
    expect(optOut.json()).toEqual({ marketingEmails: false });
    expect((await optedOut.client.get('/api/me/email-preferences')).json()).toEqual({
      marketingEmails: false,
    });

    const stats = BulkEmailStatsSchema.parse((await admin.client.get('/api/admin/bulk-email/stats')).json());
    expect(stats).toMatchObject({ totalUsers: 3, unsubscribedUsers: 1, audiences: { all: 2 } });

    const res = await admin.client.post('/api/admin/bulk-email/send', {
      target: 'all',
      template: 'preset',
      testMode: false,
    });
    expect(res.statusCode).toBe(202);
    const { campaign } = res.json();
    expect(campaign).toMatchObject({
      target: 'all',
      template: 'preset',
      subject: PRESET_CAMPAIGN_SUBJECT,
      totalRecipients: 2,
      createdBy: { id: admin.user.id, email: admin.user.email },
    });

    const done = await waitForCampaign(admin.client, campaign.id);
    expect(done).toMatchObject({ sentCount: 2, failedCount: 0, skippedCount: 0 });
    // Sign-up confirmations may still be arriving: only the campaign's subject counts.
    const campaignMail = smtp.received.filter((m) => m.subject === PRESET_CAMPAIGN_SUBJECT);
    expect(campaignMail.flatMap((m) => m.to).sort()).toEqual([admin.user.email, reader.user.email].sort());
    expect(campaignMail.some((m) => m.to.includes(optedOut.user.email))).toBe(false);
    for (const mail of campaignMail) {
      expect(mail.html).toContain(`${TEST_APP_URL}/dashboard`);
      expect(mail.html).toMatch(/Hi [^<]+,/);
      expect(mail.html).toContain(`${TEST_APP_URL}/unsubscribe?token=`);
      expect(listUnsubscribeOf(mail.raw)).toContain('/api/email-preferences/one-click?token=');
    }
    const outbox = await waitForEmail(app, reader.user.email, 'campaign');
    expect(outbox.meta).toMatchObject({ campaignId: campaign.id });

    const list = BulkEmailCampaignListSchema.parse(
      (await admin.client.get('/api/admin/bulk-email/campaigns')).json(),
    );
    expect(list.campaigns.map((c) => c.id)).toEqual([campaign.id]);
    expect((await admin.client.get('/api/admin/bulk-email/campaigns/cmp_nope')).statusCode).toBe(404);
    expect(await auditActions(app)).toContainEqual({
      action: 'bulk_email.campaign_created',
      targetType: 'bulk_email_campaign',
      targetId: campaign.id,
    });
  });

  it('answer 409 while a campaign is being sent', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app } = await buildTestApp({ mailer: blockingMailer(gate) });
    const admin = await adminClient(app);
    const body = { target: 'all', template: 'preset', testMode: false };
    const first = await admin.client.post('/api/admin/bulk-email/send', body);
    expect(first.statusCode).toBe(202);
    const second = await admin.client.post('/api/admin/bulk-email/send', body);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(BULK_EMAIL_MESSAGES.campaignRunning);
    release();
    await waitForCampaign(admin.client, first.json().campaign.id);
    expect((await admin.client.post('/api/admin/bulk-email/send', body)).statusCode).toBe(202);
  });

  it('serve the preset preview', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const preset = (await admin.client.get('/api/admin/bulk-email/preset')).json();
    expect(preset.subject).toBe(PRESET_CAMPAIGN_SUBJECT);
    expect(preset.html).toContain('Hi there,');
    expect(preset.html).toContain(`href="${TEST_APP_URL}/dashboard"`);
  });
});

/** A mailer whose deliveries wait for the gate, so a campaign stays "sending" as long as the test needs. */
function blockingMailer(gate: Promise<void>): Mailer {
  return {
    kind: 'smtp',
    async deliver() {
      await gate;
    },
    close() {},
  };
}

describe('unsubscribe links', () => {
  async function adminWithLink() {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    await admin.client.post('/api/admin/bulk-email/send', {
      target: 'all',
      template: 'preset',
      testMode: true,
      testEmail: 'me@example.test',
    });
    const email = await waitForEmail(app, 'me@example.test', 'campaign-test');
    const link = email.htmlBody.match(/href="([^"]*\/unsubscribe\?token=[^"]+)"/)?.[1] ?? '';
    const oneClick = (email.meta.headers as Record<string, string>)['List-Unsubscribe'].slice(1, -1);
    return { app, admin, token: tokenOf(link.replace(/&amp;/g, '&')), oneClick };
  }

  it('show, unsubscribe and resubscribe with the link alone; refuse bad tokens', async () => {
    const { app, admin, token } = await adminWithLink();
    const visitor = createClient(app);
    const masked = `${admin.user.email[0]}***@${admin.user.email.split('@')[1]}`;
    const status = await visitor.get(`/api/email-preferences/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(status.json()).toEqual({ maskedEmail: masked, subscribed: true });

    const off = await visitor.post('/api/email-preferences/unsubscribe', { token });
    expect(off.json()).toEqual({ maskedEmail: masked, subscribed: false });
    expect((await admin.client.get('/api/me/email-preferences')).json()).toEqual({ marketingEmails: false });
    // Twice is fine.
    expect((await visitor.post('/api/email-preferences/unsubscribe', { token })).statusCode).toBe(200);

    const on = await visitor.post('/api/email-preferences/resubscribe', { token });
    expect(on.json()).toEqual({ maskedEmail: masked, subscribed: true });

    const [userId, mac] = token.split('.');
    for (const bad of [
      'garbage',
      `${userId}.${mac.slice(1)}`,
      `${userId}.${mac}x`,
      `someone-else.${mac}`,
      `.${mac}`,
    ]) {
      const get = await visitor.get(`/api/email-preferences/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(get.statusCode, bad).toBe(400);
      expect(get.json().error.message).toBe(UNSUBSCRIBE_MESSAGES.invalidLink);
      expect((await visitor.post('/api/email-preferences/unsubscribe', { token: bad })).statusCode).toBe(400);
      expect((await visitor.post('/api/email-preferences/resubscribe', { token: bad })).statusCode).toBe(400);
      expect(
        (await visitor.post(`/api/email-preferences/one-click?token=${encodeURIComponent(bad)}`)).statusCode,
      ).toBe(400);
    }
    expect((await visitor.get('/api/email-preferences/unsubscribe')).statusCode).toBe(400);
  });

  it('take a mail client’s one-click POST without Origin or cookie, as a form or multipart', async () => {
    const { app, admin, oneClick } = await adminWithLink();
    const path = oneClick.slice(TEST_APP_URL.length);
    const res = await app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect((await admin.client.get('/api/me/email-preferences')).json()).toEqual({ marketingEmails: false });

    expect((await admin.client.patch('/api/me/email-preferences', { marketingEmails: true })).json()).toEqual(
      {
        marketingEmails: true,
      },
    );
    const boundary = 'x-boundary';
    const multipart = await app.inject({
      method: 'POST',
      url: path,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBe(200);
    expect((await admin.client.get('/api/me/email-preferences')).json()).toEqual({ marketingEmails: false });
  });
});
