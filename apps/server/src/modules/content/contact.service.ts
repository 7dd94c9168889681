import { randomUUID } from 'node:crypto';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactBody,
  type ContactReceipt,
} from '@app/shared/content/contact.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErrorReporter } from '../../lib/error-reporter.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { contactMessageEmail } from './contact.emails.ts';
import {
  countRecentContactMessages,
  insertContactMessage,
  lockContactSender,
  markContactMessageEmailed,
} from './contact.repository.ts';

type ContactLogger = { error(obj: object, msg: string): void };

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  /** Where every message is emailed (SUPPORT_EMAIL). */
  supportEmail: string;
  logger: ContactLogger;
  reporter: ErrorReporter;
}) {
  const { db, clock, notifications, supportEmail, logger, reporter } = deps;

  /**
   * Stores a contact message from a signed-in user, then emails it to the support address. The
   * message is committed first: if queueing the email fails it stays stored with emailed_at unset.
   */
  async function sendContactMessage(user: SessionUser, body: ContactBody): Promise<ContactReceipt> {
    const now = clock.now();
    const row = await inTransaction(db, async (tx) => {
      await lockContactSender(tx, user.id);
      await assertUnderContactLimit(tx, user.id, now);
      return insertContactMessage(tx, {
        id: `ctm_${randomUUID()}`,
        userId: user.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        company: body.company,
        subject: body.subject,
        message: body.message,
        createdAt: now,
      });
    });

    let emailed = false;
    try {
      await notifications.queueEmail({
        to: supportEmail,
        replyTo: body.email,
        kind: 'contact-message',
        meta: { contactMessageId: row.id, userId: user.id },
        render: (brand) => contactMessageEmail(brand, { ...body, accountEmail: user.email }),
      });
      await markContactMessageEmailed(db, row.id, clock.now());
      emailed = true;
    } catch (err) {
      logger.error({ err, contactMessageId: row.id }, 'contact message stored but not emailed');
      reporter.report({
        context: 'contact.sendContactMessage',
        code: 'EMAIL_NOT_QUEUED',
        message: err instanceof Error ? err.message : String(err),
        timestamp: clock.now().toISOString(),
        details: { contactMessageId: row.id },
      });
    }
    return { id: row.id, stored: true, emailed, createdAt: row.createdAt.toISOString() };
  }

  /** At most CONTACT_LIMITS.perUserMax messages per user in any window of CONTACT_LIMITS.windowMinutes. */
  async function assertUnderContactLimit(tx: Db, userId: string, now: Date): Promise<void> {
    const windowMs = CONTACT_LIMITS.windowMinutes * 60_000;
    const recent = await countRecentContactMessages(tx, userId, new Date(now.getTime() - windowMs));
    if (recent.count < CONTACT_LIMITS.perUserMax) return;
    const freesAt = (recent.oldest?.getTime() ?? now.getTime()) + windowMs;
    throw new AppError('RATE_LIMITED', CONTACT_MESSAGES.tooMany, {
      retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
    });
  }

  return { sendContactMessage };
}
