import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type Me,
  type ResetPasswordBody,
  SIGN_IN_FROM_KNOWN_DEVICE_MESSAGE,
  SIGN_IN_LIMITS,
  type SignInBody,
  type SignUpBody,
  TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE,
} from '@app/shared/accounts/accounts.schemas';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@app/shared/admin/admin-users.schemas';
import type { SessionEndReason } from '@app/shared/realtime/realtime-events';
import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { logError } from '../../lib/log-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  countFailedSignIns,
  countUnconfirmedUsers,
  findUserByEmail,
  findUserById,
  hasSignedInFrom,
  listUnconfirmedUsers,
  prepareFindSessionByToken,
  recordSignInAttempt,
  touchLastSignIn,
  type UserRow,
  updateUserName,
} from './accounts.repository.ts';
import { type Auth, SESSION_LIFETIME } from './auth.ts';
import { readSignedSessionToken } from './session-token.ts';

export type { SessionUser };

/** Sessions that ended: those listed (every one of the user's when none is), `renewed` ones replaced by a new one. */
export type SessionsEndedListener = (ending: {
  userId: string;
  reason: SessionEndReason;
  sessionIds?: string[];
  renewed?: string[];
}) => Promise<void>;
export type RequestContext = { headers: Headers; ipAddress: string };
/** Optional extensions other capabilities plug in (admin check, subscription state). */
export type MeExtensions = {
  isAdmin(userId: string): Promise<boolean>;
  subscription(userId: string): Promise<{ subscribed: boolean; tier: string | null; end: string | null }>;
};

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: {
  db: Db;
  auth: Auth;
  clock: Clock;
  appUrl: string;
  extensions: MeExtensions;
  settings: Pick<SettingsService, 'get'>;
}) {
  const { db, auth, clock, appUrl, extensions, settings } = deps;
  const findSessionByToken = prepareFindSessionByToken(db);
  const sessionCookieName = auth.$context.then((c) => c.authCookies.sessionToken.name);

  /**
   * Creates the account and sends the confirmation email; no session until the email is confirmed.
   * Refused, with nothing created, while an administrator has closed registrations.
   */
  async function signUp(body: SignUpBody, ctx: RequestContext): Promise<{ email: string }> {
    if (!(await settings.get('platform.registrations_open')))
      throw new AppError('REGISTRATIONS_CLOSED', PLATFORM_MESSAGES.registrationsClosed);
    await callAuth(() =>
      auth.api.signUpEmail({
        body: {
          name: body.fullName,
          email: body.email,
          password: body.password,
          company: body.company,
          sector: body.sector,
        },
        headers: ctx.headers,
      }),
    );
    return { email: body.email.toLowerCase() };
  }

  /** Signs in after the per-account and per-address limits; returns Set-Cookie headers for the reply. */
  async function signIn(
    body: SignInBody,
    ctx: RequestContext,
  ): Promise<{ setCookie: string[]; userId: string; firstSignIn: boolean }> {
    const now = clock.now().getTime();
    const since = new Date(now - SIGN_IN_LIMITS.windowMinutes * 60_000);
    const retryAfterSeconds = SIGN_IN_LIMITS.windowMinutes * 60;
    // Guessing is stopped per account and address, so an attacker elsewhere never locks the owner out.
    const [byPair, byAddress, byAccount] = await Promise.all([
      countFailedSignIns(db, { email: body.email, ipAddress: ctx.ipAddress, since }),
      countFailedSignIns(db, { ipAddress: ctx.ipAddress, since }),
      countFailedSignIns(db, { email: body.email, since }),
    ]);
    if (byPair >= SIGN_IN_LIMITS.perAccountAndAddress || byAddress >= SIGN_IN_LIMITS.perAddress)
      throw new AppError('RATE_LIMITED', TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE, { retryAfterSeconds });
    // Guessing spread over many addresses: only addresses this account signed in from before get through.
    if (
      byAccount >= SIGN_IN_LIMITS.perAccountFromUnknownAddresses &&
      !(await hasSignedInFrom(db, {
        email: body.email,
        ipAddress: ctx.ipAddress,
        since: new Date(now - SIGN_IN_LIMITS.knownAddressDays * 86_400_000),
      }))
    )
      throw new AppError('RATE_LIMITED', SIGN_IN_FROM_KNOWN_DEVICE_MESSAGE, { retryAfterSeconds });
    try {
      const result = await callAuth(() =>
        auth.api.signInEmail({
          body: { email: body.email, password: body.password },
          headers: ctx.headers,
          returnHeaders: true,
        }),
      );
      await recordSignInAttempt(db, { email: body.email, ipAddress: ctx.ipAddress, succeeded: true });
      const firstSignIn = await touchLastSignIn(db, result.response.user.id);
      return { setCookie: result.headers.getSetCookie(), userId: result.response.user.id, firstSignIn };
    } catch (err) {
      // An unconfirmed address or a suspended account is not a wrong password: neither counts towards the lockout.
      if (!(err instanceof AppError && (err.code === 'EMAIL_NOT_VERIFIED' || err.code === 'FORBIDDEN'))) {
        await recordSignInAttempt(db, { email: body.email, ipAddress: ctx.ipAddress, succeeded: false });
      }
      throw err;
    }
  }

  async function signOut(ctx: RequestContext): Promise<{ setCookie: string[] }> {
    const ending = await getSession(ctx.headers);
    const result = await callAuth(() => auth.api.signOut({ headers: ctx.headers, returnHeaders: true }));
    if (ending)
      await tellSessionsEnded({
        userId: ending.user.id,
        reason: 'signed_out',
        sessionIds: [ending.sessionId],
      });
    return { setCookie: result.headers.getSetCookie() };
  }

  /**
   * The cookie's user, or null for no valid session; used by the session plugin on every request. A
   * database that cannot be reached is not "signed out": that throws the 503 UNAVAILABLE, so the
   * browser keeps its session and retries.
   */
  async function getSession(headers: Headers): Promise<{ user: SessionUser; sessionId: string } | null> {
    const known = await findLiveSession(headers);
    if (known !== undefined) return known;
    const session = await auth.api.getSession({ headers }).catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) throw databaseUnavailable();
      return null;
    });
    // A suspended account's cookie stops working at once, even before its sessions are deleted.
    if (!session || session.user.suspendedAt) return null;
    return {
      user: { id: session.user.id, email: session.user.email, name: session.user.name },
      sessionId: session.session.id,
    };
  }

  /**
   * The common case without Better Auth's machinery: a cookie whose signature verifies and a session
   * that is neither expired nor due for its daily extension, read in one prepared statement (the
   * session and its user). The database is still asked on every request, so an ended session stops
   * at once. Undefined: Better Auth decides (no verified cookie, an expired session, an extension due).
   */
  async function findLiveSession(
    headers: Headers,
  ): Promise<{ user: SessionUser; sessionId: string } | null | undefined> {
    const cookie = headers.get('cookie');
    const token = cookie && readSignedSessionToken(cookie, await sessionCookieName, auth.options.secret);
    if (!token) return undefined;
    // Any other failure is Better Auth's to judge, as before this path existed.
    const found = await findSessionByToken(token).then(
      (row) => ({ row }),
      (err: unknown) => {
        if (isDatabaseUnavailable(err)) throw databaseUnavailable();
        return undefined;
      },
    );
    if (!found) return undefined;
    const { row } = found;
    if (!row) return null;
    const { expiresIn, updateAge } = SESSION_LIFETIME;
    const now = Date.now();
    const dueForExtension = row.expiresAt.getTime() - (expiresIn - updateAge) * 1000 <= now;
    if (row.expiresAt.getTime() <= now || dueForExtension) return undefined;
    if (row.suspendedAt) return null;
    return { user: { id: row.id, email: row.email, name: row.name }, sessionId: row.sessionId };
  }

  async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
    return (await getSession(headers))?.user ?? null;
  }

  /** Told, after the fact, of every session that ended (sign-out, password change): realtime closes its sockets. */
  const sessionsEndedListeners: SessionsEndedListener[] = [];
  function onSessionsEnded(listener: SessionsEndedListener): void {
    sessionsEndedListeners.push(listener);
  }
  async function tellSessionsEnded(ending: Parameters<SessionsEndedListener>[0]): Promise<void> {
    for (const listener of sessionsEndedListeners)
      await listener(ending).catch((err) => logError('session end could not be announced', err));
  }

  /** The auth state of the specification: user, admin flag and subscription. */
  async function getMe(userId: string | null): Promise<Me> {
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user)
      return { user: null, isAdmin: false, subscribed: false, subscriptionTier: null, subscriptionEnd: null };
    const [isAdmin, sub] = await Promise.all([extensions.isAdmin(user.id), extensions.subscription(user.id)]);
    return {
      user: toMeUser(user),
      isAdmin,
      subscribed: sub.subscribed,
      subscriptionTier: sub.tier,
      subscriptionEnd: sub.end,
    };
  }

  async function updateProfile(userId: string, fullName: string): Promise<Me> {
    const updated = await updateUserName(db, userId, fullName);
    if (!updated) throw new AppError('NOT_FOUND', 'Failed to update profile');
    return getMe(userId);
  }

  /** Changes the password, ends every other session, and returns the cookie of the new current session. */
  async function changePassword(
    ctx: RequestContext,
    body: { currentPassword: string; newPassword: string },
  ): Promise<{ setCookie: string[] }> {
    const before = await getSession(ctx.headers);
    const result = await callAuth(() =>
      auth.api.changePassword({
        body: {
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
          revokeOtherSessions: true,
        },
        headers: ctx.headers,
        returnHeaders: true,
      }),
    );
    // Every earlier session is gone: the other windows are signed out, this one reconnects with its new cookie.
    if (before)
      await tellSessionsEnded({
        userId: before.user.id,
        reason: 'password_changed',
        renewed: [before.sessionId],
      });
    return { setCookie: result.headers.getSetCookie() };
  }

  /** Always answers the same way, so the endpoint does not reveal which addresses have accounts. */
  async function requestPasswordReset(email: string): Promise<void> {
    await callAuth(() =>
      auth.api.requestPasswordReset({ body: { email, redirectTo: `${appUrl}/reset-password` } }),
    );
  }

  async function resetPassword(body: ResetPasswordBody): Promise<void> {
    await callAuth(() =>
      auth.api.resetPassword({ body: { token: body.token, newPassword: body.newPassword } }),
    );
  }

  async function verifyEmail(token: string): Promise<void> {
    await callAuth(() => auth.api.verifyEmail({ query: { token } }));
  }

  /** Sends a new confirmation link to an unconfirmed address; silent for unknown or confirmed ones. */
  async function resendVerification(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.emailVerified) return;
    await callAuth(() => auth.api.sendVerificationEmail({ body: { email: user.email } }));
  }

  /** The administrators' list of sign-ups still waiting for confirmation, newest first. */
  async function listUnconfirmed(limit: number) {
    return listUnconfirmedUsers(db, limit);
  }

  async function countUnconfirmed(): Promise<number> {
    return countUnconfirmedUsers(db);
  }

  /**
   * An administrator's resend: unlike the public one it says why nothing was sent, and it sends the
   * same confirmation email as sign-up.
   */
  async function resendVerificationAsAdmin(email: string): Promise<void> {
    const user = await findUserByEmail(db, email.trim());
    if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email.trim()}`);
    if (user.emailVerified) throw new AppError('CONFLICT', `${user.email} is already confirmed`);
    await callAuth(() => auth.api.sendVerificationEmail({ body: { email: user.email } }));
  }

  return {
    signUp,
    signIn,
    signOut,
    getSession,
    onSessionsEnded,
    tellSessionsEnded,
    getSessionUser,
    getMe,
    updateProfile,
    changePassword,
    requestPasswordReset,
    resetPassword,
    verifyEmail,
    resendVerification,
    listUnconfirmed,
    countUnconfirmed,
    resendVerificationAsAdmin,
  };
}

function toMeUser(user: UserRow): NonNullable<Me['user']> {
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    company: user.company,
    sector: user.sector,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Better Auth throws APIError with its own codes; translate them into ours with clear messages. */
async function callAuth<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw translateAuthError(err);
  }
}

const AUTH_ERROR_MAP: Record<string, [AppError['code'], string]> = {
  EMAIL_NOT_VERIFIED: ['EMAIL_NOT_VERIFIED', EMAIL_NOT_CONFIRMED_MESSAGE],
  ACCOUNT_SUSPENDED: ['FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE],
  INVALID_EMAIL_OR_PASSWORD: ['INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE],
  INVALID_PASSWORD: ['VALIDATION_FAILED', 'Current password is incorrect'],
  USER_ALREADY_EXISTS: ['CONFLICT', 'An account with this email already exists'],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ['CONFLICT', 'An account with this email already exists'],
  PASSWORD_TOO_SHORT: ['VALIDATION_FAILED', 'Password must be at least 6 characters long'],
  PASSWORD_TOO_LONG: ['VALIDATION_FAILED', 'Password must be 128 characters or less'],
  INVALID_TOKEN: ['VALIDATION_FAILED', 'This link is invalid or has expired. Please request a new one.'],
  TOKEN_EXPIRED: ['VALIDATION_FAILED', 'This link is invalid or has expired. Please request a new one.'],
  INVALID_EMAIL: ['VALIDATION_FAILED', 'Please enter a valid email address'],
};

function translateAuthError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as {
    body?: { code?: string; message?: string };
    statusCode?: number;
    status?: string | number;
  };
  if (!e || typeof e !== 'object' || !('statusCode' in e || 'body' in e)) return err;
  const code = e.body?.code ?? '';
  const mapped = AUTH_ERROR_MAP[code];
  if (mapped) return new AppError(mapped[0], mapped[1]);
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  const message = e.body?.message ?? 'Authentication failed';
  if (status === 401) return new AppError('UNAUTHENTICATED', message);
  if (status === 403) return new AppError('FORBIDDEN', message);
  if (status === 404) return new AppError('NOT_FOUND', message);
  if (status === 429) return new AppError('RATE_LIMITED', message);
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', message);
  return err;
}
