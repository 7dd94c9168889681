import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createErrorReporter } from './lib/error-reporter.ts';
import { type JobQueue, type JobQueueOptions, startJobQueue } from './lib/jobs.ts';
import { startPubSub } from './lib/pubsub.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { type AccountsService, createAccountsService } from './modules/accounts/accounts.service.ts';
import { scheduleAccountsCleanup } from './modules/accounts/accounts-cleanup.job.ts';
import { createAuth } from './modules/accounts/auth.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { type AdminService, createAdminService } from './modules/admin/admin.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { emailVerificationEmail, passwordResetEmail } from './modules/notifications/email-templates.ts';
import { createMailer, type Mailer } from './modules/notifications/mailer.ts';
import { devMailboxRoutes } from './modules/notifications/notifications.routes.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service.ts';
import { createRealtimeService, type RealtimeService } from './modules/realtime/realtime.service.ts';
import { registerRealtimeSocket } from './modules/realtime/realtime.socket.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSameOriginGuard } from './plugins/same-origin.ts';
import { registerSession } from './plugins/session.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppDeps = {
  env: Env;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Job polling and retry timing; tests shorten them so emails arrive quickly. */
  jobs?: JobQueueOptions;
};

export type AppServices = {
  accounts: AccountsService;
  admin: AdminService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: JobQueue;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** The composition root: the same function builds the production server and every test's server. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      env.logLevel === 'silent'
        ? false
        : { level: env.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: env.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const reporter = createErrorReporter(env.errorReporterUrl);
  registerErrorHandler(app, reporter);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerSameOriginGuard(app, env.appUrl);

  // Platform services: job queue and cross-instance pub/sub live in the same database.
  const jobs = await startJobQueue(database, deps.jobs);
  const pubsub = await startPubSub(database);
  const mailer = deps.mailer ?? createMailer(env.smtpUrl);
  const notifications = createNotificationsService({ db: database.db, jobs, mailer, mailFrom: env.mailFrom });
  const realtime = createRealtimeService({ pubsub });
  const admin = createAdminService({ db: database.db });
  const auth = createAuth({
    db: database.db,
    secret: env.authSecret,
    appUrl: env.appUrl,
    quiet: env.logLevel === 'silent',
    emails: {
      async sendVerification(user, token) {
        const url = `${env.appUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
        await notifications.queueEmail({
          to: user.email,
          kind: 'email-verification',
          ...emailVerificationEmail(user.name, url),
        });
      },
      async sendPasswordReset(user, token) {
        const url = `${env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await notifications.queueEmail({
          to: user.email,
          kind: 'password-reset',
          ...passwordResetEmail(user.name, url),
        });
      },
    },
  });
  const accounts = createAccountsService({
    db: database.db,
    auth,
    clock,
    appUrl: env.appUrl,
    extensions: {
      isAdmin: admin.isAdmin,
      // Billing replaces this with the subscription record once it exists.
      subscription: async () => ({ subscribed: false, tier: null, end: null }),
    },
  });
  app.decorate('services', { accounts, admin, notifications, realtime, jobs });

  await notifications.startWorkers();
  await scheduleAccountsCleanup(jobs, database.db, clock);
  registerSession(app, accounts);

  await app.register(healthRoutes(database));
  await app.register(accountsRoutes(accounts, { rateLimitPerMinute: env.authRateLimitPerMinute }));
  await app.register(adminRoutes(admin));
  registerRealtimeSocket(app, realtime);
  if (env.devMailbox) await app.register(devMailboxRoutes(notifications));

  if (env.serveWeb && existsSync(path.join(WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
    // Client-side routes: any GET outside /api gets the SPA shell, which renders its own 404 page.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        const isAsset = request.url.startsWith('/assets/');
        if (!isAsset) return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({
        error: {
          code: 'NOT_FOUND',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        },
      });
    });
  }

  app.addHook('onClose', async () => {
    await jobs.stop();
    await pubsub.close();
    mailer.close();
  });
  return app;
}
