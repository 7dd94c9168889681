import { SIGN_IN_LIMITS } from '@app/shared/accounts/accounts.schemas';
import {
  AUDIT_LOG_PAGE_SIZE,
  ADMIN_SECURITY_MESSAGES as M,
  type RateLimit,
  SECURITY_LIST_LIMIT,
  type SecurityOverview,
} from '@app/shared/admin/admin-security.schemas';
import { CONTACT_LIMITS } from '@app/shared/content/contact.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessService, AuditActor } from '../access/index.ts';
import { deleteSession, listActiveSessions, listFailedSignIns } from './security.repository.ts';

export type SecurityService = ReturnType<typeof createSecurityService>;

/** The security screen: failed sign-ins, live sessions, the limits in force and the audit log. */
export function createSecurityService(deps: {
  db: Db;
  clock: Clock;
  access: AccessService;
  /** The limits the server was started with. */
  config: { authRateLimitPerMinute: number; apiRateLimitPerMinute: number; uploadRateLimitPerMinute: number };
  /** After an administrator ended a session: its realtime sockets close. */
  onSessionEnded?: (userId: string, sessionId: string) => Promise<void>;
}) {
  const { db, clock, access, config } = deps;

  function rateLimits(): RateLimit[] {
    return [
      {
        name: 'Authentication requests',
        limit: `${config.authRateLimitPerMinute} per minute`,
        appliesTo: 'Sign-up, sign-in, password reset and email confirmation, per address',
      },
      {
        name: 'Failed sign-ins per account and address',
        limit: `${SIGN_IN_LIMITS.perAccountAndAddress} per ${SIGN_IN_LIMITS.windowMinutes} minutes`,
        appliesTo: 'Each email address from one IP address (the owner elsewhere is not locked out)',
      },
      {
        name: 'Failed sign-ins per account from many addresses',
        limit: `${SIGN_IN_LIMITS.perAccountFromUnknownAddresses} per ${SIGN_IN_LIMITS.windowMinutes} minutes`,
        appliesTo: `Each email address; then only IP addresses it signed in from in the last ${SIGN_IN_LIMITS.knownAddressDays} days`,
      },
      {
        name: 'Failed sign-ins per address',
        limit: `${SIGN_IN_LIMITS.perAddress} per ${SIGN_IN_LIMITS.windowMinutes} minutes`,
        appliesTo: 'Each IP address',
      },
      {
        name: 'Public API requests',
        limit: `${config.apiRateLimitPerMinute} per minute`,
        appliesTo: 'Each API key (/api/v1); the token exchange per presented key',
      },
      {
        name: 'Photo uploads',
        limit: `${config.uploadRateLimitPerMinute} per minute`,
        appliesTo: 'Each signed-in user (listing photos)',
      },
      {
        name: 'Contact form',
        limit: `${CONTACT_LIMITS.perUserMax} per ${CONTACT_LIMITS.windowMinutes} minutes`,
        appliesTo: 'Each sender',
      },
    ];
  }

  async function overview(auditPage: number): Promise<SecurityOverview> {
    const [failed, live, audit] = await Promise.all([
      listFailedSignIns(db, SECURITY_LIST_LIMIT),
      listActiveSessions(db, clock.now(), SECURITY_LIST_LIMIT),
      access.audit.list(auditPage, AUDIT_LOG_PAGE_SIZE),
    ]);
    return {
      failedSignIns: failed.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      sessions: live.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      })),
      rateLimits: rateLimits(),
      auditLog: {
        items: audit.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: audit.total,
        page: auditPage,
        pageSize: AUDIT_LOG_PAGE_SIZE,
      },
    };
  }

  /** Ends a session at once: its cookie stops working on the next request. */
  async function endSession(actor: AuditActor, id: string): Promise<void> {
    const userId = await inTransaction(db, async (tx) => {
      const ended = await deleteSession(tx, id);
      if (!ended) throw new AppError('NOT_FOUND', M.sessionNotFound);
      await access.audit.record(
        {
          actor,
          action: 'session.end',
          targetType: 'session',
          targetId: id,
          details: { userId: ended.userId },
        },
        tx,
      );
      return ended.userId;
    });
    await deps.onSessionEnded?.(userId, id);
  }

  return { overview, endSession };
}
