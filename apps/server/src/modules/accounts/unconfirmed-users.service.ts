import type { BulkResendResult, UnconfirmedUsers } from '@app/shared/admin/admin-overview.schemas';
import { type AuditActor, type AuditRecorder, noAudit } from '../access/index.ts';
import type { AccountsService } from './accounts.service.ts';

/** The most sign-ups the email-management screen lists at once. */
const LIST_LIMIT = 500;

export type UnconfirmedUsersService = ReturnType<typeof createUnconfirmedUsersService>;

/** Email management: sign-ups that never confirmed their address, and resending their confirmation. */
export function createUnconfirmedUsersService(deps: {
  accounts: Pick<AccountsService, 'listUnconfirmed' | 'resendVerificationAsAdmin'>;
  logger?: { warn(obj: object, msg: string): void };
  audit?: AuditRecorder;
}) {
  const { accounts, logger } = deps;
  const audit = deps.audit ?? noAudit;

  async function list(): Promise<UnconfirmedUsers> {
    const rows = await accounts.listUnconfirmed(LIST_LIMIT);
    return { users: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })) };
  }

  async function resend(email: string, actor?: AuditActor): Promise<void> {
    await accounts.resendVerificationAsAdmin(email);
    if (actor)
      await audit({
        actor,
        action: 'user.resend_confirmation',
        targetType: 'user',
        targetId: email,
        details: { email },
      });
  }

  /** Resends to each address in turn; one failure does not stop the others. */
  async function resendAll(emails: string[], actor?: AuditActor): Promise<BulkResendResult> {
    const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    let successful = 0;
    for (const email of unique) {
      try {
        await accounts.resendVerificationAsAdmin(email);
        successful += 1;
      } catch (err) {
        logger?.warn({ err, email }, 'confirmation email resend failed');
      }
    }
    const result = { successful, failed: unique.length - successful, total: unique.length };
    if (actor)
      await audit({
        actor,
        action: 'user.resend_confirmation_all',
        targetType: 'user',
        targetId: 'unconfirmed',
        details: { ...result, emails: unique },
      });
    return result;
  }

  return { list, resend, resendAll };
}
