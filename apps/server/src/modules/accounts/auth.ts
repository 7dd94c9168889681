import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '@app/shared/accounts/accounts.schemas';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@app/shared/admin/admin-users.schemas';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import type { Db } from '../../db/client.ts';
import { findUserById, markEmailVerifiedAt } from './accounts.repository.ts';
import { accounts, sessions, users, verifications } from './accounts.table.ts';

/** How passwords are hashed and checked: Better Auth's scrypt unless a caller hands in its own. */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
};

export type AuthEmails = {
  sendVerification(user: { email: string; name: string }, token: string): Promise<void>;
  sendPasswordReset(user: { email: string; name: string }, token: string): Promise<void>;
};

/** Seconds: a session lasts 30 days, extended by a request made a day or more after its last extension. */
export const SESSION_LIFETIME = { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 };

/**
 * Better Auth owns passwords (scrypt), sessions (database rows, httpOnly SameSite=Lax cookie),
 * email verification and reset tokens. We call it through `auth.api` from our own routes, so the
 * wire contract, validation messages and error shape stay ours.
 */
export function createAuth(deps: {
  db: Db;
  secret: string;
  appUrl: string;
  emails: AuthEmails;
  quiet?: boolean;
  passwordHasher?: PasswordHasher;
  /** After a password reset revoked every session of the user. */
  onPasswordReset?: (userId: string) => Promise<void>;
}) {
  const { db, secret, appUrl, emails } = deps;
  return betterAuth({
    appName: 'Recytrade',
    secret,
    baseURL: appUrl,
    basePath: '/api/auth',
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
      },
    }),
    user: {
      modelName: 'user',
      additionalFields: {
        company: { type: 'string', required: false, input: true },
        sector: { type: 'string', required: false, input: true },
        lastSignInAt: { type: 'date', required: false, input: false },
        suspendedAt: { type: 'date', required: false, input: false },
      },
    },
    // A suspended account gets no new session, whichever way it signs in.
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            const user = await findUserById(db, session.userId);
            if (user?.suspendedAt)
              throw APIError.from('FORBIDDEN', {
                message: ACCOUNT_SUSPENDED_MESSAGE,
                code: 'ACCOUNT_SUSPENDED',
              });
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      ...(deps.passwordHasher && { password: deps.passwordHasher }),
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await deps.onPasswordReset?.(user.id);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => emails.sendPasswordReset(user, token),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => emails.sendVerification(user, token),
      afterEmailVerification: async (user) => {
        await markEmailVerifiedAt(db, user.id, new Date());
      },
    },
    session: SESSION_LIFETIME,
    // Our own limits (per account and per address, in the database) replace the in-memory default.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'recytrade',
      useSecureCookies: appUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    // Failed sign-ins are recorded in sign_in_attempts; Better Auth's own warnings would only repeat them.
    logger: { level: 'error', disabled: deps.quiet },
  });
}

export type Auth = ReturnType<typeof createAuth>;
