import type { BulkResendResult, UnconfirmedUsers } from '@app/shared/admin/admin-overview.schemas';
import type { AccountsService } from '../accounts/accounts.service.ts';

/** The most sign-ups the email-management screen lists at once. */
const LIST_LIMIT = 500;

export type UnconfirmedUsersService = ReturnType<typeof createUnconfirmedUsersService>;

/** Email management: sign-ups that never confirmed their address, and resending their confirmation. */
export function createUnconfirmedUsersService(deps: {
  accounts: Pick<AccountsService, 'listUnconfirmed' | 'resendVerificationAsAdmin'>;
  logger?: { warn(obj: object, msg: string): void };
}) {
  const { accounts, logger } = deps;

  async function list(): Promise<UnconfirmedUsers> {
    const rows = await accounts.listUnconfirmed(LIST_LIMIT);
    return { users: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })) };
  }

  async function resend(email: string): Promise<void> {
    await accounts.resendVerificationAsAdmin(email);
  }

  /** Resends to each address in turn; one failure does not stop the others. */
  async function resendAll(emails: string[]): Promise<BulkResendResult> {
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
    return { successful, failed: unique.length - successful, total: unique.length };
  }

  return { list, resend, resendAll };
}
