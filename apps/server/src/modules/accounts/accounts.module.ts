import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { emailVerificationEmail, passwordResetEmail } from './accounts.emails.ts';
import { accountsRoutes } from './accounts.routes.ts';
import {
  type AccountsService,
  createAccountsService,
  type MeExtensions,
  type SessionsEndedListener,
} from './accounts.service.ts';
import { scheduleAccountsCleanup } from './accounts-cleanup.job.ts';
import { createAuth, type PasswordHasher } from './auth.ts';
import { securityRoutes } from './security.routes.ts';
import { createSecurityService } from './security.service.ts';
import { unconfirmedUsersRoutes } from './unconfirmed-users.routes.ts';
import { createUnconfirmedUsersService } from './unconfirmed-users.service.ts';

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /** Sessions of a user ended: signed out elsewhere, a password reset, or ended by an administrator. */
    'accounts.sessions-ended': Parameters<SessionsEndedListener>[0];
  }
}

/** Sign-up, sign-in and sessions (Better Auth), the profile, and their back office. */
export function registerAccounts(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    settings: SettingsService;
    notifications: NotificationsService;
    /** The subscription shown with the signed-in user (the billing module's summary). */
    subscription: MeExtensions['subscription'];
    passwordHasher?: PasswordHasher;
  },
): AccountsService {
  const { db, clock, env, events } = ctx;
  const { access, notifications } = deps;
  const auth = createAuth({
    db,
    secret: env.authSecret,
    appUrl: env.appUrl,
    quiet: env.logLevel === 'silent',
    passwordHasher: deps.passwordHasher,
    onPasswordReset: (userId) => events.emit('accounts.sessions-ended', { userId, reason: 'password_reset' }),
    emails: {
      async sendVerification(user, token) {
        const url = `${env.appUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
        await notifications.queueEmail({
          to: user.email,
          kind: 'email-verification',
          render: (brand) => emailVerificationEmail(brand, user.name, url),
        });
      },
      async sendPasswordReset(user, token) {
        const url = `${env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await notifications.queueEmail({
          to: user.email,
          kind: 'password-reset',
          render: (brand) => passwordResetEmail(brand, user.name, url),
        });
      },
    },
  });
  const accounts = createAccountsService({
    db,
    auth,
    clock,
    appUrl: env.appUrl,
    extensions: { isAdmin: access.isAdmin, subscription: deps.subscription },
    settings: deps.settings,
  });
  accounts.onSessionsEnded((ending) => events.emit('accounts.sessions-ended', ending));
  const security = createSecurityService({
    db,
    clock,
    access,
    config: {
      authRateLimitPerMinute: env.authRateLimitPerMinute,
      apiRateLimitPerMinute: env.apiRateLimitPerMinute,
      uploadRateLimitPerMinute: env.uploadRateLimitPerMinute,
    },
    onSessionEnded: (userId, sessionId) =>
      events.emit('accounts.sessions-ended', { userId, reason: 'ended_by_admin', sessionIds: [sessionId] }),
  });
  const unconfirmed = createUnconfirmedUsersService({
    accounts,
    logger: ctx.logger,
    audit: access.audit.record,
  });

  ctx.onStart(() => scheduleAccountsCleanup(ctx.jobs, db, clock));
  ctx.routes(accountsRoutes(accounts, { rateLimitPerMinute: env.authRateLimitPerMinute }));
  ctx.routes(unconfirmedUsersRoutes(unconfirmed, access));
  ctx.routes(securityRoutes(security, access));
  return accounts;
}
