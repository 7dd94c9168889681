import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { failedEmailsRoutes } from './failed-emails.routes.ts';
import { createFailedEmailsService } from './failed-emails.service.ts';
import type { Mailer } from './mailer.ts';
import { devMailboxRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushService, type PushSender, type PushService } from './push.service.ts';
import { createSettingsMailer } from './settings-mailer.ts';
import { userNotificationsRoutes } from './user-notifications.routes.ts';
import {
  createUserNotificationsService,
  type UserNotificationsService,
} from './user-notifications.service.ts';

/** Email (the outbox and its sender), Web Push (its outbox and sender) and the in-app notification list. */
export function registerNotifications(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    settings: SettingsService;
    /** Tests hand in a capturing mailer; by default SMTP from the settings or SMTP_URL. */
    mailer?: Mailer;
    /** How often the senders look for due email and pushes. */
    pollIntervalMs: number;
    /** Tests hand in a push sender that records; by default web-push to the browser's push service. */
    pushSender?: PushSender;
    /** Whether one user blocked another (the trust module's relations): no push about a blocked party. */
    hasBlocked?: Parameters<typeof createPushService>[0]['hasBlocked'];
    /** Which sessions are still live (the accounts module's read): a device hears only while its session does. */
    liveSessionIds: Parameters<typeof createPushService>[0]['liveSessionIds'];
  },
): { notifications: NotificationsService; userNotifications: UserNotificationsService; push: PushService } {
  const { env } = ctx;
  const { access, settings } = deps;
  const mailer =
    deps.mailer ??
    createSettingsMailer({
      smtpServer: async () => {
        const s = await settings.getAll();
        return { host: s['email.smtp_host'], port: s['email.smtp_port'] };
      },
      smtpUrl: env.smtpUrl,
      credentials: env.smtpCredentials,
    });
  const notifications = createNotificationsService({
    db: ctx.db,
    mailer,
    mailFrom: env.mailFrom,
    settings,
    clock: ctx.clock,
    pollIntervalMs: deps.pollIntervalMs,
    logger: ctx.logger,
  });
  const userNotifications = createUserNotificationsService({ db: ctx.db, clock: ctx.clock });
  const push = createPushService({
    db: ctx.db,
    config: env.push,
    secret: env.authSecret,
    clock: ctx.clock,
    send: deps.pushSender,
    pollIntervalMs: deps.pollIntervalMs,
    logger: ctx.logger,
    hasBlocked: deps.hasBlocked,
    liveSessionIds: deps.liveSessionIds,
  });
  ctx.routes(
    failedEmailsRoutes(createFailedEmailsService({ notifications, audit: access.audit.record }), access),
  );
  ctx.routes(userNotificationsRoutes(userNotifications));
  ctx.routes(pushRoutes(push));
  if (env.devMailbox) ctx.routes(devMailboxRoutes(notifications));
  // The outbox sender starts with the job workers, after start-up.
  ctx.onReady(async () => {
    await notifications.startWorkers();
    await push.startWorkers();
  });
  ctx.onClose(async () => {
    await push.stopWorkers();
    await notifications.stopWorkers();
    mailer.close();
  });
  return { notifications, userNotifications, push };
}
