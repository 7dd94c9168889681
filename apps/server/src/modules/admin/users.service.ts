import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminRecord,
  type AdminUser,
  type AdminUserPage,
  type AdminUsersQuery,
  ADMIN_USERS_MESSAGES as M,
} from '@app/shared/admin/admin-users.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessService, AdminRow } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import { deleteSessionsOfUser, findUserByEmail, findUserById, setSuspension } from '../accounts/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { AdminService } from './admin.service.ts';
import { type AdminUserRow, listUsers } from './users.repository.ts';

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** Administrators and accounts: add and remove admins, list and search users, suspend and reinstate. */
type Actor = { id: string; email: string };

export function createAdminUsersService(deps: {
  db: Db;
  clock: Clock;
  access: AccessService;
  admin: AdminService;
  realtime: Pick<RealtimeService, 'endSessionsOf'>;
}) {
  const { db, clock, access, admin, realtime } = deps;

  async function getAdmins(): Promise<{ items: AdminRecord[] }> {
    return { items: (await access.admins.list()).map(toAdminRecord) };
  }

  /** Makes the account with this email an administrator: 404 without an account, 409 when already one. */
  async function addAdmin(email: string, actor?: Actor): Promise<AdminRecord> {
    const user = await findUserByEmail(db, email.trim());
    if (!user) throw new AppError('NOT_FOUND', M.noUserWithEmail);
    if (await access.isAdmin(user.id)) throw new AppError('CONFLICT', M.alreadyAdmin);
    const created = await inTransaction(db, async (tx) => {
      const row = await admin.makeAdminByEmail(user.email, tx);
      if (actor)
        await access.audit.record(
          {
            actor,
            action: 'admin.add',
            targetType: 'admin',
            targetId: row.id,
            details: { email: row.email, userId: row.userId },
          },
          tx,
        );
      return row;
    });
    return toAdminRecord(created);
  }

  /** Removes an admin (another or oneself); never the last one. */
  async function removeAdmin(id: string, actor?: Actor): Promise<void> {
    await inTransaction(db, async (tx) => {
      const all = await access.admins.lockAll(tx);
      if (!all.some((row) => row.id === id)) throw new AppError('NOT_FOUND', M.adminNotFound);
      if (all.length <= 1) throw new AppError('CONFLICT', M.lastAdmin);
      await access.admins.remove(tx, id);
      if (actor)
        await access.audit.record(
          {
            actor,
            action: 'admin.remove',
            targetType: 'admin',
            targetId: id,
          },
          tx,
        );
    });
  }

  async function listAllUsers(query: AdminUsersQuery): Promise<AdminUserPage> {
    const { rows, total } = await listUsers(db, {
      q: query.q,
      status: query.status,
      limit: ADMIN_USERS_PAGE_SIZE,
      offset: (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
    });
    const adminIds = await access.admins.userIdsAmong(rows.map((row) => row.id));
    return {
      items: rows.map((row) => toAdminUser(row, adminIds.has(row.id))),
      total,
      page: query.page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
    };
  }

  /** Suspends an account and ends all its sessions at once; never oneself or an administrator. */
  async function suspend(actor: SessionUser, userId: string, reason: string): Promise<void> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    if (user.id === actor.id) throw new AppError('CONFLICT', M.cannotSuspendSelf);
    if (await access.isAdmin(user.id)) throw new AppError('CONFLICT', M.cannotSuspendAdmin);
    if (user.suspendedAt) throw new AppError('CONFLICT', M.alreadySuspended);
    await inTransaction(db, async (tx) => {
      await setSuspension(tx, user.id, { at: clock.now(), reason });
      await deleteSessionsOfUser(tx, user.id);
      await access.audit.record(
        {
          actor,
          action: 'user.suspend',
          targetType: 'user',
          targetId: user.id,
          details: { email: user.email, reason },
        },
        tx,
      );
    });
    await realtime.endSessionsOf(user.id, 'suspended');
  }

  async function reinstate(userId: string, actor?: Actor): Promise<void> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    if (!user.suspendedAt) throw new AppError('CONFLICT', M.notSuspended);
    await inTransaction(db, async (tx) => {
      await setSuspension(tx, user.id, null);
      if (actor)
        await access.audit.record(
          {
            actor,
            action: 'user.reinstate',
            targetType: 'user',
            targetId: user.id,
            details: { email: user.email },
          },
          tx,
        );
    });
  }

  return { getAdmins, addAdmin, removeAdmin, listAllUsers, suspend, reinstate };
}

function toAdminRecord(row: AdminRow): AdminRecord {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminUser(row: AdminUserRow, isAdmin: boolean): AdminUser {
  return {
    id: row.id,
    email: row.email,
    // No separate confirmation time is kept; the account's last update stands in for it.
    emailConfirmedAt: row.emailVerified ? (row.emailVerifiedAt ?? row.updatedAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    fullName: row.name,
    company: row.company,
    companyNames: row.companyNames,
    isAdmin,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  };
}
