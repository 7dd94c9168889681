import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/session.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { type AdminRow, findAdminByUserId, insertAdmin } from './admin.repository.ts';
import { createAuditLog } from './audit.ts';

export type AdminService = ReturnType<typeof createAdminService>;

export function createAdminService(deps: { db: Db }) {
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

  /** Makes an existing account an administrator (used by the CLI and, later, the admin screen). */
  /** Makes the account an administrator; pass the caller's transaction to commit with its audit row. */
  async function makeAdminByEmail(email: string, tx: Db = db): Promise<AdminRow> {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}`);
    return insertAdmin(tx, { id: randomUUID(), userId: user.id, email: user.email, role: 'admin' });
  }

  return { isAdmin, requireAdmin, makeAdminByEmail, audit };
}
