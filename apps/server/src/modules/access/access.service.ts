import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/session.ts';
import {
  type AdminRow,
  deleteAdmin,
  findAdminByUserId,
  findAdminUserIds,
  insertAdmin,
  listAdmins,
  lockAdmins,
} from './access.repository.ts';
import { createAuditLog } from './audit.ts';

export type AccessService = ReturnType<typeof createAccessService>;

/**
 * Who is an administrator, and the audit log of what administrators do. Every module may use it; it
 * uses no other module, so the back office of each domain can check and record without a cycle.
 */
export function createAccessService(deps: { db: Db }) {
  const { db } = deps;
  const audit = createAuditLog(db);

  /** The server-side admin check every admin route and screen relies on. */
  async function isAdmin(userId: string): Promise<boolean> {
    return Boolean(await findAdminByUserId(db, userId));
  }

  /** Guard for admin routes: 401 when signed out, 403 for everyone who is not an administrator. */
  async function requireAdmin(request: FastifyRequest) {
    const user = requireUser(request);
    if (!(await isAdmin(user.id)))
      throw new AppError('FORBIDDEN', "You don't have permission to access this page.");
    return user;
  }

  /** Makes the account an administrator; pass the caller's transaction to commit with its audit row. */
  async function grantAdmin(user: { id: string; email: string }, tx: Db = db): Promise<AdminRow> {
    return insertAdmin(tx, { id: randomUUID(), userId: user.id, email: user.email, role: 'admin' });
  }

  const admins = {
    list: () => listAdmins(db),
    /** Locks every admin row in the caller's transaction, for a last-administrator check. */
    lockAll: (tx: Db) => lockAdmins(tx),
    remove: (tx: Db, adminId: string) => deleteAdmin(tx, adminId),
    userIdsAmong: (userIds: string[]) => findAdminUserIds(db, userIds),
  };

  return { isAdmin, requireAdmin, grantAdmin, admins, audit };
}
