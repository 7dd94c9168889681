import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { WireAdmin, WireAdminAction, WireContext } from './wire-context.ts';

/**
 * The guard of every administrator wire route: 401 signed out, 403 for non-administrators. Refused
 * attempts to change a transfer are logged as security warnings (and reported).
 */
export async function requireAdmin(
  deps: Pick<WireContext, 'logger' | 'reporter' | 'clock' | 'isAdmin'>,
  user: { id: string; email: string } | null,
  attempt: { action: WireAdminAction; wireTransferId?: string; ip?: string },
): Promise<WireAdmin> {
  const { logger, reporter, clock, isAdmin } = deps;
  const refuse = (code: 'UNAUTHENTICATED' | 'FORBIDDEN', message: string) => {
    if (attempt.action !== 'list') {
      const details = {
        action: attempt.action,
        wireTransferId: attempt.wireTransferId ?? null,
        userId: user?.id ?? null,
        userEmail: user?.email ?? null,
        ip: attempt.ip ?? null,
      };
      logger.warn(
        { event: 'security.unauthorized_wire_transfer_action', ...details },
        'Unauthorized wire transfer admin attempt',
      );
      reporter.report({
        context: `wire-transfers.${attempt.action}`,
        code: 'UNAUTHORIZED_ADMIN_ACTION',
        message: message,
        timestamp: clock.now().toISOString(),
        details,
      });
    }
    return new AppError(code, message);
  };
  if (!user) throw refuse('UNAUTHENTICATED', DEAL_MESSAGES.authRequired);
  let admin: boolean;
  try {
    admin = await isAdmin(user.id);
  } catch (err) {
    logger.error(
      { event: 'wire.admin_check_failed', userId: user.id, err },
      DEAL_MESSAGES.adminValidationFailed,
    );
    throw new AppError('INTERNAL', DEAL_MESSAGES.adminValidationFailed);
  }
  if (!admin) throw refuse('FORBIDDEN', DEAL_MESSAGES.adminRequired);
  return { id: user.id, email: user.email };
}
