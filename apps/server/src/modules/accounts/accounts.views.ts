import { pgView } from 'drizzle-orm/pg-core';
import { users } from './accounts.table.ts';

/**
 * The accounts read model other modules join: who a user is and whether they may be written to.
 * Sessions, credentials and sign-in attempts stay inside the accounts module.
 */
export const userDirectory = pgView('user_directory').as((qb) =>
  qb
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      emailVerifiedAt: users.emailVerifiedAt,
      company: users.company,
      sector: users.sector,
      lastSignInAt: users.lastSignInAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users),
);
