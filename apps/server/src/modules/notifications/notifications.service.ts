import { randomUUID } from 'node:crypto';
import type { SettingValues } from '@app/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createOutboxDrainer } from '../../lib/outbox-drainer.ts';
import type { SettingsService } from '../settings/index.ts';
import type { EmailBrand, EmailRenderer, RenderedEmail } from './email-templates.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';
import {
  claimDueEmails,
  findOutboxEmail,
  insertOutboxEmail,
  listFailedEmails,
  listOutboxEmails,
  markOutboxAttemptFailed,
  markOutboxSent,
  type OutboxRow,
  requeueFailedEmails,
} from './notifications.repository.ts';

/** How many emails one sender claims and sends in parallel at a time. */
export const OUTBOX_BATCH_SIZE = 50;
/** A claimed batch returns to the queue after this long if its sender died (kill -9) mid-batch. */
const CLAIM_SECONDS = 60;
/** The first retry waits a minute; each next one twice as long, up to three hours. */
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 3 * 3600;
/**
 * Attempts before an email is failed for good: with the delays above the last attempt comes more
 * than 24 hours after the first (notifications.service.test.ts checks the sum), so an SMTP outage of
 * up to a day loses nothing.
 */
export const MAX_DELIVERY_ATTEMPTS = 16;

/**
 * The wait before the next attempt once `failedAttempts` attempts failed: exponential, capped, with up
 * to 20 % jitter added (never taken away) so a backlog does not retry in lockstep.
 */
export function retryDelaySeconds(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_SECONDS);
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * Emails that go even while notification emails are switched off on /admin/system: account and
 * security emails, a message to support, the wire instructions a buyer asked for, and campaigns (the
 * admin sends those on purpose, and each recipient can unsubscribe). Every other kind is a notification.
 */
export const ALWAYS_SENT_EMAIL_KINDS: ReadonlySet<string> = new Set([
  'email-verification',
  'password-reset',
  'contact-message',
  'send-wire-instructions',
  'campaign',
  'campaign-test',
]);

/**
 * Kinds the failed-email list leaves out: a campaign counts its own failures on the bulk email
 * screen, and a resend from elsewhere would leave its counts wrong.
 */
const SELF_ACCOUNTED_KINDS = ['campaign', 'campaign-test'];
const FAILED_LIST_LIMIT = 200;

/**
 * An email to queue: its recipient and kind, and its content either rendered or as `render`, which
 * the service calls with the platform's brand as set at that moment (so every email carries the
 * platform name the administrator chose, and the call site never reads the settings itself).
 */
export type QueueEmailInput = {
  to: string;
  kind: string;
  meta?: Record<string, unknown>;
  /** Sets the Reply-To header (the contact form: replies go to the person who wrote). */
  replyTo?: string;
} & (RenderedEmail | { render: EmailRenderer });

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Db;
  mailer: Mailer;
  /** MAIL_FROM: its address is the sender while the email settings name none. */
  mailFrom: string;
  settings: Pick<SettingsService, 'getAll'>;
  clock?: Clock;
  /** How often the sender looks for due email (new mail queued in a transaction, retries). */
  pollIntervalMs?: number;
  logger?: { error(obj: object, msg: string): void };
}) {
  const { db, mailer, mailFrom, settings } = deps;
  const clock = deps.clock ?? systemClock;
  const pollIntervalMs = deps.pollIntervalMs ?? 1000;

  /**
   * Writes the email to the outbox; the caller never waits on SMTP. Given the caller's transaction
   * (`tx`), the email commits or rolls back with the change it reports, and the sender picks it up
   * within a poll interval of the commit, on any instance, even if this process dies right after.
   * Without one, it is sent at once. While notification emails are off, a notification is kept as
   * 'skipped' and never sent.
   */
  async function queueEmail(input: QueueEmailInput, opts: { tx?: Db } = {}): Promise<OutboxRow> {
    const values = await settings.getAll(opts.tx);
    const skipped = !ALWAYS_SENT_EMAIL_KINDS.has(input.kind) && !values['email.notifications_enabled'];
    const row = await insertEmail(opts.tx ?? db, input, values, skipped ? 'skipped' : 'queued');
    if (!skipped && !opts.tx) void drainOutbox().catch(logDrainError);
    return row;
  }

  /** The From header: the settings' address (else MAIL_FROM's) under the platform's name. */
  async function sender(): Promise<string> {
    const s = await settings.getAll();
    return formatMailbox(s['platform.name'], s['email.from_address'] || addressOf(mailFrom));
  }

  /**
   * Writes the email to the outbox already claimed by the caller, for a sender that paces and counts
   * its own deliveries (bulk email campaigns): the outbox sender never takes it, and the caller then
   * calls `deliverOnce`.
   */
  async function writeEmail(input: QueueEmailInput): Promise<OutboxRow> {
    return insertEmail(db, input, await settings.getAll(), 'sending');
  }

  /** The outbox row, with the content rendered now under the platform name in `values`. */
  async function insertEmail(
    target: Db,
    input: QueueEmailInput,
    values: SettingValues,
    status: 'queued' | 'sending' | 'skipped',
  ): Promise<OutboxRow> {
    const email = 'render' in input ? input.render(brandOf(values)) : input;
    return insertOutboxEmail(target, {
      status,
      id: `eml_${randomUUID()}`,
      toAddress: input.to.toLowerCase(),
      replyTo: input.replyTo ?? null,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      kind: input.kind,
      meta: input.meta ?? {},
      nextAttemptAt: clock.now(),
    });
  }

  /** One delivery attempt and no retry: the outbox row ends sent, or failed with the error. */
  async function deliverOnce(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
    const row = await findOutboxEmail(db, id);
    if (row?.status !== 'sending') return { ok: false, error: 'Not waiting to be sent' };
    try {
      await mailer.deliver(outgoing(row, await sender()));
      await markOutboxSent(db, [id], clock.now());
      return { ok: true };
    } catch (err) {
      const error = errorMessage(err);
      await markOutboxAttemptFailed(db, id, error, null);
      return { ok: false, error };
    }
  }

  /**
   * One pass of the sender: claims due emails in batches (new mail before retries) and sends each
   * batch in parallel, until none is due. A failed attempt is retried after `retryDelaySeconds`;
   * after MAX_DELIVERY_ATTEMPTS the email is failed and waits for an administrator's resend.
   */
  async function sendDueEmails(): Promise<{ sent: number; failed: number }> {
    const totals = { sent: 0, failed: 0 };
    for (;;) {
      const now = clock.now();
      const batch = await claimDueEmails(db, {
        now,
        claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000),
        limit: OUTBOX_BATCH_SIZE,
      });
      if (batch.length === 0) return totals;
      const from = await sender();
      const results = await Promise.allSettled(batch.map((row) => mailer.deliver(outgoing(row, from))));
      const sent = batch.filter((_, i) => results[i].status === 'fulfilled').map((row) => row.id);
      await markOutboxSent(db, sent, clock.now());
      totals.sent += sent.length;
      for (const [i, result] of results.entries()) {
        if (result.status === 'fulfilled') continue;
        const attempts = batch[i].attempts + 1;
        const next =
          attempts >= MAX_DELIVERY_ATTEMPTS
            ? null
            : new Date(clock.now().getTime() + retryDelaySeconds(attempts) * 1000);
        await markOutboxAttemptFailed(db, batch[i].id, errorMessage(result.reason), next);
        totals.failed += 1;
      }
      if (batch.length < OUTBOX_BATCH_SIZE) return totals;
    }
  }

  function logDrainError(err: unknown): void {
    deps.logger?.error({ err }, 'email outbox pass failed');
  }

  // The sender's poll: email queued in a transaction, retries coming due, claims of a dead sender.
  const outboxSender = createOutboxDrainer({ pass: sendDueEmails, pollIntervalMs, onError: logDrainError });
  /** Sends every email due now; resolves once a pass that started after the call has ended. */
  const drainOutbox = outboxSender.drain;
  async function startWorkers(): Promise<void> {
    outboxSender.start();
  }
  /** Stops the poll and waits for the pass in flight (before the mailer closes). */
  const stopWorkers = outboxSender.stop;

  /** The dev mailbox: the newest emails, optionally for one address. */
  async function listMailbox(opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
    return listOutboxEmails(db, { to: opts.to, limit: Math.min(opts.limit ?? 50, 200) });
  }

  /** Emails whose every attempt failed (campaign emails aside), newest first, and how many in all. */
  async function listFailed(): Promise<{ rows: OutboxRow[]; total: number }> {
    return listFailedEmails(db, { excludeKinds: SELF_ACCOUNTED_KINDS, limit: FAILED_LIST_LIMIT });
  }

  /**
   * Queues failed emails again, with a fresh retry window: the one named, or (no id) every one.
   * Returns the ids queued; an id that is not a failed email queues nothing.
   */
  async function resendFailed(id?: string): Promise<string[]> {
    const ids = await requeueFailedEmails(db, { id, excludeKinds: SELF_ACCOUNTED_KINDS, now: clock.now() });
    if (ids.length > 0) void drainOutbox().catch(logDrainError);
    return ids;
  }

  return {
    queueEmail,
    writeEmail,
    deliverOnce,
    drainOutbox,
    startWorkers,
    stopWorkers,
    listMailbox,
    listFailed,
    resendFailed,
    /** The brand emails carry now, for a preview rendered outside the outbox. */
    emailBrand: async (): Promise<EmailBrand> => brandOf(await settings.getAll()),
    getEmail: (id: string) => findOutboxEmail(db, id),
  };
}

/** The message the mailer sends for an outbox row. */
function outgoing(row: OutboxRow, from: string): OutgoingEmail {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...storedHeaders(row.meta),
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function brandOf(values: SettingValues): EmailBrand {
  return { name: values['platform.name'] };
}

/** Extra headers stored with an email (meta.headers, e.g. List-Unsubscribe) for the mailer. */
function storedHeaders(meta: Record<string, unknown>): { headers?: Record<string, string> } {
  const stored = meta.headers;
  if (!stored || typeof stored !== 'object') return {};
  const headers = Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/** The bare address of a mailbox such as 'Recytrade <no-reply@recytrade.com>'. */
function addressOf(mailbox: string): string {
  return mailbox.match(/<([^<>]+)>\s*$/)?.[1]?.trim() ?? mailbox.trim();
}

/** '"Name" <address>', with the name quoted so commas or quotes in a platform name stay one mailbox. */
function formatMailbox(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}
