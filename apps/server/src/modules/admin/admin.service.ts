import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessService, AdminRow } from '../access/index.ts';
import { findUserByEmail } from '../accounts/index.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** Administrators by email: the make-admin command and the Users screen's "Make admin". */
export function createAdminService(deps: { db: Db; access: AccessService }) {
  const { db, access } = deps;

  /** Makes the account an administrator; pass the caller's transaction to commit with its audit row. */
  async function makeAdminByEmail(email: string, tx: Db = db): Promise<AdminRow> {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}`);
    return access.grantAdmin(user, tx);
  }

  return { makeAdminByEmail };
}
