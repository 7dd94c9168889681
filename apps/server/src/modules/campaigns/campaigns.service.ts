import { randomUUID } from 'node:crypto';
import {
  BULK_EMAIL_MESSAGES,
  type BulkEmailCampaign,
  type BulkEmailPreset,
  type BulkEmailSendBodySchema,
  type BulkEmailSendResult,
  type BulkEmailStats,
  type MarketingPreferences,
  PRESET_CAMPAIGN_SUBJECT,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeStatus,
} from '@app/shared/admin/bulk-email.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { EmailRenderer, NotificationsService } from '../notifications/index.ts';
import {
  type CampaignRecipient,
  customCampaignEmail,
  customCampaignHtml,
  presetCampaignEmail,
} from './campaign-email.ts';
import {
  type AudienceContext,
  type CampaignRow,
  type CampaignWithCreator,
  claimRecipients,
  countBulkEmailStats,
  deleteUnsubscribe,
  failAbandonedClaims,
  findCampaign,
  findEligibleRecipient,
  findMarketingStatus,
  findRunningCampaign,
  insertCampaign,
  insertUnsubscribe,
  listCampaigns,
  listStalledCampaigns,
  refreshCampaignCounts,
  snapshotRecipients,
  takeBatchSlot,
  type UnsubscribeSource,
  updateRecipient,
} from './campaigns.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

type SendBody = z.output<typeof BulkEmailSendBodySchema>;
type Template = Pick<CampaignRow, 'template' | 'subject' | 'htmlBody'>;

export const CAMPAIGN_LIST_LIMIT = 20;
/** The largest batch, so that a very high rate still sends in steady steps rather than one burst. */
const MAX_BATCH_SIZE = 500;
/** A recipient claimed this long ago and still in flight belonged to a batch that died. */
const ABANDONED_CLAIM_MS = 15 * 60_000;
/** A running campaign with no batch for this long has lost its job chain; the sweep restarts it. */
const STALLED_AFTER_SECONDS = 120;
const INTERRUPTED_ERROR = 'Delivery was interrupted (the server stopped while sending); not retried.';

/**
 * How a send rate becomes batches: about ten seconds' worth of emails per batch (at most
 * MAX_BATCH_SIZE), and batch starts spaced so no minute carries more than `ratePerMinute` emails.
 */
export function campaignBatchPlan(ratePerMinute: number): { batchSize: number; intervalSeconds: number } {
  const batchSize = Math.min(MAX_BATCH_SIZE, Math.max(1, Math.ceil(ratePerMinute / 6)));
  return { batchSize, intervalSeconds: Math.ceil((batchSize * 60) / ratePerMinute) };
}

/** "d***@example.com": enough for the owner to recognise, too little to harvest from a leaked link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const invalidLink = () => new AppError('VALIDATION_FAILED', UNSUBSCRIBE_MESSAGES.invalidLink);
const campaignRunning = () => new AppError('CONFLICT', BULK_EMAIL_MESSAGES.campaignRunning);

/** True for PostgreSQL's unique violation on the named constraint (both drivers, wrapped or not). */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return !e.constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

function toCampaign(row: CampaignWithCreator): BulkEmailCampaign {
  return {
    id: row.id,
    target: row.target,
    template: row.template,
    subject: row.subject,
    status: row.status,
    totalRecipients: row.totalRecipients,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    skippedCount: row.skippedCount,
    createdBy: row.creator,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** One paced batch of a campaign; each run queues the next until the campaign completes. */
export const CAMPAIGN_BATCH_JOB = 'campaigns.send-batch';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Bulk email campaigns and the marketing opt-out. Audiences are snapshotted when a campaign is
 * created; the job queue then sends it in paced batches, re-checking each recipient's opt-out first.
 */
export function createCampaignsService(deps: {
  db: Db;
  jobs: JobQueue;
  notifications: NotificationsService;
  clock: Clock;
  appUrl: string;
  unsubscribeTokens: UnsubscribeTokens;
  /** The payment provider whose subscriptions decide Premium (billing reads the same rows). */
  premiumProvider: string;
  /** BULK_EMAIL_RATE_PER_MINUTE. */
  ratePerMinute: number;
  audit: AuditRecorder;
}) {
  const { db, jobs, notifications, clock, appUrl, unsubscribeTokens, audit } = deps;
  const plan = campaignBatchPlan(deps.ratePerMinute);
  const audienceContext = (): AudienceContext => ({
    now: clock.now(),
    premiumProvider: deps.premiumProvider,
  });

  const unsubscribeUrl = (userId: string) =>
    `${appUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeTokens.sign(userId))}`;
  const oneClickUrl = (userId: string) =>
    `${appUrl}/api/email-preferences/one-click?token=${encodeURIComponent(unsubscribeTokens.sign(userId))}`;

  /** RFC 8058: mail clients show an unsubscribe button that POSTs to the one-click URL. */
  const unsubscribeHeaders = (userId: string) => ({
    'List-Unsubscribe': `<${oneClickUrl(userId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  /** The campaign email for one recipient, for the notifications service to render under the brand. */
  function renderer(template: Template, recipient: CampaignRecipient): EmailRenderer {
    return (brand) =>
      template.template === 'custom' && template.htmlBody !== null
        ? customCampaignEmail(brand, template.subject, template.htmlBody, recipient)
        : presetCampaignEmail(brand, recipient, appUrl);
  }

  /** The template the pressed button names: the preset, or the custom email (sanitised; 400 if empty). */
  function templateOf(body: SendBody): Template {
    if (body.template === 'preset')
      return { template: 'preset', subject: PRESET_CAMPAIGN_SUBJECT, htmlBody: null };
    const subject = oneLine(body.customEmail?.subject ?? '');
    const htmlBody = customCampaignHtml(body.customEmail?.content ?? '', appUrl);
    if (!subject || !htmlBody)
      throw new AppError('VALIDATION_FAILED', BULK_EMAIL_MESSAGES.customEmailRequired);
    return { template: 'custom', subject, htmlBody };
  }

  /** The figures of the bulk email screen; every one a real count. */
  async function getStats(): Promise<BulkEmailStats> {
    const row = await countBulkEmailStats(db, audienceContext());
    return {
      totalUsers: row?.totalUsers ?? 0,
      totalSubscribers: row?.totalSubscribers ?? 0,
      activeSubscribers: row?.activeSubscribers ?? 0,
      subscribersWithCompanies: row?.subscribersWithCompanies ?? 0,
      subscribersWithoutCompanies: row?.subscribersWithoutCompanies ?? 0,
      unpaidUsers: row?.unpaidUsers ?? 0,
      unsubscribedUsers: row?.unsubscribedUsers ?? 0,
      audiences: {
        unpaid_users: row?.unpaid_users ?? 0,
        no_company: row?.no_company ?? 0,
        inactive: row?.inactive ?? 0,
        all: row?.all ?? 0,
      },
      audienceMatches: {
        unpaid_users: row?.matches_unpaid_users ?? 0,
        no_company: row?.matches_no_company ?? 0,
        inactive: row?.matches_inactive ?? 0,
        all: row?.matches_all ?? 0,
      },
      computedAt: clock.now().toISOString(),
    };
  }

  /** The preset email as a recipient named "there" sees it (the link in its footer carries no token). */
  async function getPresetPreview(): Promise<BulkEmailPreset> {
    const { subject, html } = presetCampaignEmail(
      await notifications.emailBrand(),
      { name: 'there', unsubscribeUrl: `${appUrl}/unsubscribe` },
      appUrl,
    );
    return { subject, html };
  }

  /**
   * Test mode: one email to the test address now, counted by its actual delivery. It carries the
   * sending admin's own name and unsubscribe link (the address may belong to no account), so the
   * admin sees exactly what their audience gets and the link in it works.
   */
  async function sendTest(admin: SessionUser, body: SendBody): Promise<BulkEmailSendResult> {
    const template = templateOf(body);
    const testEmail = (body.testEmail ?? '').trim();
    const row = await notifications.writeEmail({
      to: testEmail,
      kind: 'campaign-test',
      render: renderer(template, { name: admin.name, unsubscribeUrl: unsubscribeUrl(admin.id) }),
      meta: { target: body.target, template: template.template, headers: unsubscribeHeaders(admin.id) },
    });
    const delivery = await notifications.deliverOnce(row.id);
    await audit({
      actor: admin,
      action: 'bulk_email.test_sent',
      targetType: 'email',
      targetId: testEmail.toLowerCase(),
      details: {
        target: body.target,
        template: template.template,
        subject: template.subject,
        delivered: delivery.ok,
      },
    });
    return {
      mode: 'test',
      testEmail,
      emailsSent: delivery.ok ? 1 : 0,
      emailsFailed: delivery.ok ? 0 : 1,
    };
  }

  /**
   * A real send: the campaign and its audience snapshot in one transaction (409 while another campaign
   * runs, 400 when nobody in the audience receives campaigns), then the first batch is queued.
   */
  async function createCampaign(admin: SessionUser, body: SendBody): Promise<BulkEmailSendResult> {
    const template = templateOf(body);
    const id = `cmp_${randomUUID()}`;
    try {
      await db.transaction(async (tx) => {
        if (await findRunningCampaign(tx)) throw campaignRunning();
        await insertCampaign(tx, {
          id,
          target: body.target,
          ...template,
          totalRecipients: 0,
          createdBy: admin.id,
          createdAt: clock.now(),
        });
        const total = await snapshotRecipients(tx, id, body.target, audienceContext());
        if (total === 0) throw new AppError('VALIDATION_FAILED', BULK_EMAIL_MESSAGES.noRecipients);
        await audit(
          {
            actor: admin,
            action: 'bulk_email.campaign_created',
            targetType: 'bulk_email_campaign',
            targetId: id,
            details: {
              target: body.target,
              template: template.template,
              subject: template.subject,
              totalRecipients: total,
            },
          },
          tx,
        );
      });
    } catch (err) {
      // Two admins pressing send at once: the one-running-campaign index refuses the second.
      if (isUniqueViolation(err, 'bulk_email_campaigns_one_running')) throw campaignRunning();
      throw err;
    }
    // Were this to fail, the stalled-campaign sweep starts the campaign within minutes.
    await jobs.send(CAMPAIGN_BATCH_JOB, { campaignId: id });
    return { mode: 'campaign', campaign: await getCampaign(id) };
  }

  /** POST /api/admin/bulk-email/send: a test email, or a campaign for the job queue. */
  async function send(admin: SessionUser, body: SendBody): Promise<BulkEmailSendResult> {
    return body.testMode ? sendTest(admin, body) : createCampaign(admin, body);
  }

  /** The newest campaigns first, with their progress. */
  async function listRecent(): Promise<BulkEmailCampaign[]> {
    return (await listCampaigns(db, CAMPAIGN_LIST_LIMIT)).map(toCampaign);
  }

  async function getCampaign(id: string): Promise<BulkEmailCampaign> {
    const row = await findCampaign(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such campaign');
    return toCampaign(row);
  }

  /** Sends one claimed recipient, unless they opted out or were suspended since the snapshot. */
  async function deliverToRecipient(campaign: CampaignRow, userId: string): Promise<void> {
    try {
      const recipient = await findEligibleRecipient(db, userId);
      if (!recipient) {
        await updateRecipient(db, campaign.id, userId, { status: 'skipped' });
        return;
      }
      const row = await notifications.writeEmail({
        to: recipient.email,
        kind: 'campaign',
        render: renderer(campaign, { name: recipient.name, unsubscribeUrl: unsubscribeUrl(userId) }),
        meta: { campaignId: campaign.id, headers: unsubscribeHeaders(userId) },
      });
      await updateRecipient(db, campaign.id, userId, { email: recipient.email, outboxId: row.id });
      const delivery = await notifications.deliverOnce(row.id);
      await updateRecipient(
        db,
        campaign.id,
        userId,
        delivery.ok
          ? { status: 'sent', sentAt: clock.now() }
          : { status: 'failed', error: delivery.error.slice(0, 1000) },
      );
    } catch (err) {
      // Counted as failed rather than retried: a retry could send an email that already left.
      const error = err instanceof Error ? err.message : String(err);
      await updateRecipient(db, campaign.id, userId, { status: 'failed', error: error.slice(0, 1000) });
    }
  }

  /**
   * One paced batch of a campaign (the job's work): takes the batch slot, claims up to a batch of
   * recipients, sends them one by one, recounts. Returns whether a later batch is needed, and when.
   */
  async function runBatch(campaignId: string): Promise<{ claimed: number; nextInSeconds: number | null }> {
    const campaign = await findCampaign(db, campaignId);
    if (!campaign || (campaign.status !== 'queued' && campaign.status !== 'sending'))
      return { claimed: 0, nextInSeconds: null };
    const started = performance.now();
    // Another run holds this slot: it continues the campaign, so this one ends quietly.
    if (!(await takeBatchSlot(db, campaignId, plan.intervalSeconds, clock.now())))
      return { claimed: 0, nextInSeconds: null };
    const now = clock.now();
    await failAbandonedClaims(
      db,
      campaignId,
      new Date(now.getTime() - ABANDONED_CLAIM_MS),
      INTERRUPTED_ERROR,
    );
    const claimed = await claimRecipients(db, campaignId, plan.batchSize, now);
    for (const userId of claimed) await deliverToRecipient(campaign, userId);
    const status = await refreshCampaignCounts(db, campaignId, clock.now());
    if (status !== 'sending') return { claimed: claimed.length, nextInSeconds: null };
    const elapsedSeconds = (performance.now() - started) / 1000;
    return {
      claimed: claimed.length,
      nextInSeconds: Math.max(0, Math.ceil(plan.intervalSeconds - elapsedSeconds)),
    };
  }

  /** The batch job: one batch, then the next one queued after the pacing interval. */
  async function runBatchJob(campaignId: string): Promise<void> {
    const { nextInSeconds } = await runBatch(campaignId);
    if (nextInSeconds !== null)
      await jobs.send(CAMPAIGN_BATCH_JOB, { campaignId }, { startAfterSeconds: nextInSeconds });
  }

  /** The sweep: restarts running campaigns whose job chain was lost (a crash, a failed queue write). */
  async function resumeStalledCampaigns(): Promise<number> {
    const ids = await listStalledCampaigns(db, STALLED_AFTER_SECONDS);
    for (const campaignId of ids) await jobs.send(CAMPAIGN_BATCH_JOB, { campaignId });
    return ids.length;
  }

  // ---- the marketing opt-out ----

  async function statusOf(userId: string): Promise<UnsubscribeStatus> {
    const status = await findMarketingStatus(db, userId);
    if (!status) throw invalidLink();
    return { maskedEmail: maskEmail(status.email), subscribed: !status.unsubscribed };
  }

  /** The user an unsubscribe link was made for; 400 with the spec's message for anything else. */
  async function userOfToken(token: string): Promise<string> {
    const userId = unsubscribeTokens.verify(token);
    if (!userId || !(await findMarketingStatus(db, userId))) throw invalidLink();
    return userId;
  }

  /** What the unsubscribe page shows for a link. */
  async function getUnsubscribeStatus(token: string): Promise<UnsubscribeStatus> {
    return statusOf(await userOfToken(token));
  }

  /** Opts the link's user out of campaigns (the page's button, or a mail client's one-click POST). */
  async function unsubscribeByToken(
    token: string,
    source: Extract<UnsubscribeSource, 'link' | 'one-click'>,
  ): Promise<UnsubscribeStatus> {
    const userId = await userOfToken(token);
    await insertUnsubscribe(db, userId, source, clock.now());
    return statusOf(userId);
  }

  async function resubscribeByToken(token: string): Promise<UnsubscribeStatus> {
    const userId = await userOfToken(token);
    await deleteUnsubscribe(db, userId);
    return statusOf(userId);
  }

  /** The signed-in user's own switch for campaigns. */
  async function getPreferences(user: SessionUser): Promise<MarketingPreferences> {
    const status = await findMarketingStatus(db, user.id);
    return { marketingEmails: !status?.unsubscribed };
  }

  async function updatePreferences(
    user: SessionUser,
    body: MarketingPreferences,
  ): Promise<MarketingPreferences> {
    if (body.marketingEmails) await deleteUnsubscribe(db, user.id);
    else await insertUnsubscribe(db, user.id, 'settings', clock.now());
    return getPreferences(user);
  }

  return {
    getStats,
    getPresetPreview,
    send,
    listRecent,
    getCampaign,
    runBatch,
    runBatchJob,
    resumeStalledCampaigns,
    batchPlan: plan,
    getUnsubscribeStatus,
    unsubscribeByToken,
    resubscribeByToken,
    getPreferences,
    updatePreferences,
  };
}
