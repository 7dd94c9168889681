import { randomUUID } from 'node:crypto';
import type { SettingValues } from '@app/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { EmailBrand, EmailRenderer, RenderedEmail } from './email-templates.ts';
import type { Mailer } from './mailer.ts';
import {
  findOutboxEmail,
  insertOutboxEmail,
  listOutboxEmails,
  markOutboxAttemptFailed,
  markOutboxSent,
  type OutboxRow,
} from './notifications.repository.ts';

export const EMAIL_DELIVERY_JOB = 'email.deliver';
const MAX_DELIVERY_ATTEMPTS = 6;

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
  jobs: JobQueue;
  mailer: Mailer;
  /** MAIL_FROM: its address is the sender while the email settings name none. */
  mailFrom: string;
  settings: Pick<SettingsService, 'getAll'>;
}) {
  const { db, jobs, mailer, mailFrom, settings } = deps;

  /**
   * Writes the email to the outbox and queues its delivery; the caller never waits on SMTP. While
   * notification emails are off, a notification is kept in the outbox as 'skipped' and never sent.
   */
  async function queueEmail(input: QueueEmailInput): Promise<OutboxRow> {
    const values = await settings.getAll();
    const skipped = !ALWAYS_SENT_EMAIL_KINDS.has(input.kind) && !values['email.notifications_enabled'];
    const row = await insertEmail(input, values, skipped ? 'skipped' : 'queued');
    if (!skipped)
      await jobs.send(EMAIL_DELIVERY_JOB, { id: row.id }, { retryLimit: MAX_DELIVERY_ATTEMPTS - 1 });
    return row;
  }

  /** The From header: the settings' address (else MAIL_FROM's) under the platform's name. */
  async function sender(): Promise<string> {
    const s = await settings.getAll();
    return formatMailbox(s['platform.name'], s['email.from_address'] || addressOf(mailFrom));
  }

  /** The delivery job: sends one outbox email; a thrown error makes the queue retry with backoff. */
  async function deliverEmail(id: string, maxAttempts = MAX_DELIVERY_ATTEMPTS): Promise<void> {
    const row = await findOutboxEmail(db, id);
    if (!row || row.status === 'sent' || row.status === 'skipped') return;
    try {
      await mailer.deliver({
        from: await sender(),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...storedHeaders(row.meta),
      });
      await markOutboxSent(db, id);
    } catch (err) {
      const final = row.attempts + 1 >= maxAttempts;
      await markOutboxAttemptFailed(db, id, err instanceof Error ? err.message : String(err), final);
      throw err;
    }
  }

  /**
   * Writes the email to the outbox without queuing the retrying delivery job, for a sender that paces
   * and counts its own deliveries (bulk email campaigns); it then calls `deliverOnce`.
   */
  async function writeEmail(input: QueueEmailInput): Promise<OutboxRow> {
    return insertEmail(input, await settings.getAll(), 'queued');
  }

  /** The outbox row, with the content rendered now under the platform name in `values`. */
  async function insertEmail(
    input: QueueEmailInput,
    values: SettingValues,
    status: 'queued' | 'skipped',
  ): Promise<OutboxRow> {
    const email = 'render' in input ? input.render(brandOf(values)) : input;
    return insertOutboxEmail(db, {
      status,
      id: `eml_${randomUUID()}`,
      toAddress: input.to.toLowerCase(),
      replyTo: input.replyTo ?? null,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      kind: input.kind,
      meta: input.meta ?? {},
    });
  }

  /** One delivery attempt and no retry: the outbox row ends sent, or failed with the error. */
  async function deliverOnce(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
    try {
      await deliverEmail(id, 1);
      return { ok: true };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function startWorkers(): Promise<void> {
    await jobs.work<{ id: string }>(EMAIL_DELIVERY_JOB, (data) => deliverEmail(data.id));
  }

  /** The dev mailbox: the newest emails, optionally for one address. */
  async function listMailbox(opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
    return listOutboxEmails(db, { to: opts.to, limit: Math.min(opts.limit ?? 50, 200) });
  }

  return {
    queueEmail,
    deliverEmail,
    writeEmail,
    deliverOnce,
    startWorkers,
    listMailbox,
    /** The brand emails carry now, for a preview rendered outside the outbox. */
    emailBrand: async (): Promise<EmailBrand> => brandOf(await settings.getAll()),
    getEmail: (id: string) => findOutboxEmail(db, id),
  };
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
