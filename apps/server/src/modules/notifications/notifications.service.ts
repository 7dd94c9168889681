import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
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

export type QueueEmailInput = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  meta?: Record<string, unknown>;
  /** Sets the Reply-To header (the contact form: replies go to the person who wrote). */
  replyTo?: string;
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  mailFrom: string;
}) {
  const { db, jobs, mailer, mailFrom } = deps;

  /** Writes the email to the outbox and queues its delivery; the caller never waits on SMTP. */
  async function queueEmail(input: QueueEmailInput): Promise<OutboxRow> {
    const row = await insertOutboxEmail(db, {
      id: `eml_${randomUUID()}`,
      toAddress: input.to.toLowerCase(),
      replyTo: input.replyTo ?? null,
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html,
      kind: input.kind,
      meta: input.meta ?? {},
    });
    await jobs.send(EMAIL_DELIVERY_JOB, { id: row.id }, { retryLimit: MAX_DELIVERY_ATTEMPTS - 1 });
    return row;
  }

  /** The delivery job: sends one outbox email; a thrown error makes the queue retry with backoff. */
  async function deliverEmail(id: string): Promise<void> {
    const row = await findOutboxEmail(db, id);
    if (!row || row.status === 'sent') return;
    try {
      await mailer.deliver({
        from: mailFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await markOutboxSent(db, id);
    } catch (err) {
      const final = row.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
      await markOutboxAttemptFailed(db, id, err instanceof Error ? err.message : String(err), final);
      throw err;
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
    startWorkers,
    listMailbox,
    getEmail: (id: string) => findOutboxEmail(db, id),
  };
}
