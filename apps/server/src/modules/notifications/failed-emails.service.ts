import type { FailedEmails, ResendFailedEmailsResult } from '@app/shared/admin/admin-overview.schemas';
import { AppError } from '../../lib/app-error.ts';
import { type AuditActor, type AuditRecorder, noAudit } from '../access/index.ts';
import type { NotificationsService } from './notifications.service.ts';

export type FailedEmailsService = ReturnType<typeof createFailedEmailsService>;

/** Email management: emails the outbox gave up on after its retry window, and sending them again. */
export function createFailedEmailsService(deps: {
  notifications: Pick<NotificationsService, 'listFailed' | 'resendFailed'>;
  audit?: AuditRecorder;
}) {
  const { notifications } = deps;
  const audit = deps.audit ?? noAudit;

  /** The newest failed emails (up to 200) and the total. */
  async function list(): Promise<FailedEmails> {
    const { rows, total } = await notifications.listFailed();
    return {
      total,
      emails: rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        kind: r.kind,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Queues one failed email again, with a new retry window; 404 unless it is a failed email. */
  async function resend(id: string, actor: AuditActor): Promise<void> {
    const [queued] = await notifications.resendFailed(id);
    if (!queued) throw new AppError('NOT_FOUND', 'No failed email with this id');
    await audit({ actor, action: 'email.resend_failed', targetType: 'email', targetId: id });
  }

  /** Queues every failed email again. */
  async function resendAll(actor: AuditActor): Promise<ResendFailedEmailsResult> {
    const ids = await notifications.resendFailed();
    await audit({
      actor,
      action: 'email.resend_failed_all',
      targetType: 'email',
      targetId: 'failed',
      details: { queued: ids.length },
    });
    return { queued: ids.length };
  }

  return { list, resend, resendAll };
}
