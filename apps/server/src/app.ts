import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_STATUS_KEYS } from '@app/shared/settings/settings.schemas';
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
import { logError } from './lib/log-error.ts';
import { startPubSub } from './lib/pubsub.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { type AccessService, accessRoutes, createAccessService } from './modules/access/index.ts';
import {
  type AccountsService,
  accountsRoutes,
  createAccountsService,
  createAuth,
  createSecurityService,
  createUnconfirmedUsersService,
  findLiveSessionIds,
  scheduleAccountsCleanup,
  securityRoutes,
  unconfirmedUsersRoutes,
} from './modules/accounts/index.ts';
import {
  type AdminService,
  adminUsersRoutes,
  createAdminService,
  createAdminUsersService,
  createOverviewService,
  overviewRoutes,
} from './modules/admin/index.ts';
import { adsRoutes, createAdsService } from './modules/ads/index.ts';
import {
  type BillingService,
  billingRoutes,
  createBillingService,
  scheduleBillingJobs,
} from './modules/billing/index.ts';
import { type BlogService, blogRoutes, createBlogService } from './modules/blog/index.ts';
import {
  type CampaignsService,
  campaignsRoutes,
  createCampaignsService,
  createUnsubscribeTokens,
  scheduleCampaignJobs,
} from './modules/campaigns/index.ts';
import { type CompaniesService, companiesRoutes, createCompaniesService } from './modules/companies/index.ts';
import { type ContactService, contactRoutes, createContactService } from './modules/content/index.ts';
import type { EscrowProvider } from './modules/deals/index.ts';
import {
  createDealsService,
  createEscrowEvents,
  createEscrowProvider,
  createEscrowTestService,
  createPaymentMethodsService,
  createWireTransfersService,
  type DealsService,
  dealsRoutes,
  deriveEscrowWebhookSecret,
  type EscrowEvents,
  escrowTestRoutes,
  escrowWebhookRoutes,
  isSandboxEscrowProvider,
  listLiveDealsBetween,
  type PaymentMethodsService,
  paymentMethodsRoutes,
  sandboxEscrowRoutes,
  scheduleDealJobs,
  sumHeldQuantities,
  type WireTransfersService,
  wireTransfersRoutes,
} from './modules/deals/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createLedgerService, type LedgerService, ledgerRoutes } from './modules/ledger/index.ts';
import {
  createListingsService,
  type ListingsService,
  listingsRoutes,
  scheduleListingsJobs,
} from './modules/listings/index.ts';
import {
  createGradesService,
  createImpactService,
  createMatchingService,
  createPriceIndexService,
  geocodeLocation,
  gradesRoutes,
  type ImpactService,
  impactRoutes,
  type MatchingService,
  matchingRoutes,
  type PriceIndexService,
  priceIndexRoutes,
  requestMatching,
  requestPriceIndexRebuild,
  requestPriceIndexRecompute,
  scheduleMatchingJobs,
  schedulePriceIndexJobs,
} from './modules/market/index.ts';
import {
  createMessagingService,
  type MessagingService,
  messagingRoutes,
  scheduleMessagingJobs,
} from './modules/messaging/index.ts';
import type { Mailer } from './modules/notifications/index.ts';
import {
  createFailedEmailsService,
  createNotificationsService,
  createSettingsMailer,
  createUserNotificationsService,
  devMailboxRoutes,
  emailVerificationEmail,
  failedEmailsRoutes,
  type NotificationsService,
  passwordResetEmail,
  type UserNotificationsService,
  userNotificationsRoutes,
} from './modules/notifications/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import {
  createPaymentsService,
  createSandboxProvider,
  createStripeProvider,
  deriveSandboxWebhookSecret,
  httpWebhookTransport,
  type PaymentsService,
  paymentsRoutes,
  paymentsWebhookRoutes,
  type SandboxProvider,
  sandboxPagesRoutes,
  schedulePaymentsJobs,
  startSandboxJobs,
  type WebhookTransport,
} from './modules/payments/index.ts';
import {
  adminApiKeysRoutes,
  apiKeysRoutes,
  createPublicApiService,
  type PublicApiService,
  publicApiV1Routes,
  schedulePublicApiJobs,
} from './modules/public-api/index.ts';
import {
  createRealtimeService,
  type RealtimeService,
  registerRealtimeSocket,
} from './modules/realtime/index.ts';
import { createSeoService, seoRoutes } from './modules/seo/index.ts';
import { createSettingsService, type SettingsService, settingsRoutes } from './modules/settings/index.ts';
import {
  createBackupsService,
  createDatabaseStatusService,
  scheduleBackupJobs,
  systemRoutes,
} from './modules/system/index.ts';
import { registerAdminGuard } from './plugins/admin-guard.ts';
import {
  answerFrameworkError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/error-handler.ts';
import { registerMaintenanceMode } from './plugins/maintenance.ts';
import { registerNulCharacterGuard } from './plugins/nul-character.ts';
import { registerPrivateNoStore } from './plugins/private-no-store.ts';
import { registerSameOriginGuard } from './plugins/same-origin.ts';
import { registerSession } from './plugins/session.ts';
import { registerOpenApi } from './plugins/swagger.ts';

const PLUGIN_TIMEOUT_MS = 120_000;
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppDeps = {
  env: Env;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Job polling and retry timing; tests shorten them so emails arrive quickly. */
  jobs?: JobQueueOptions;
  /**
   * How the sandbox provider delivers its webhooks to APP_URL: `http` (default, a real POST), `inject`
   * (through app.inject, for tests that never listen), or `manual` (stored only; tests deliver them).
   */
  sandboxWebhooks?: 'http' | 'inject' | 'manual';
  /** Where uploads go; by default S3 when configured, else DATA_DIR/uploads. */
  storage?: Storage;
  /** The built web app served to browsers; apps/web/dist by default. */
  webRoot?: string;
  /** Where log lines go; stdout by default (tests capture them to check that no secret is logged). */
  logStream?: { write(line: string): void };
};

/**
 * Secrets never reach the logs: cookies, bearer tokens, and any request body or API key, token or
 * secret field that a log call might include (Fastify itself logs neither headers nor bodies).
 */
const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.body',
  '*.apiKey',
  '*.accessToken',
  '*.secret',
];

export type AppServices = {
  accounts: AccountsService;
  access: AccessService;
  admin: AdminService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: JobQueue;
  settings: SettingsService;
  ledger: LedgerService;
  payments: PaymentsService;
  billing: BillingService;
  listings: ListingsService;
  companies: CompaniesService;
  blog: BlogService;
  campaigns: CampaignsService;
  contact: ContactService;
  messaging: MessagingService;
  paymentMethods: PaymentMethodsService;
  wireTransfers: WireTransfersService;
  /** Escrow.com when ESCROW_API_KEY is set, else the built-in sandbox. */
  escrowProvider: EscrowProvider;
  escrowEvents: EscrowEvents;
  deals: DealsService;
  priceIndex: PriceIndexService;
  matching: MatchingService;
  impact: ImpactService;
  userNotifications: UserNotificationsService;
  publicApi: PublicApiService;
  storage: Storage;
  /** Present while the built-in sandbox is the payment provider. */
  sandbox: SandboxProvider | null;
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
        : {
            level: env.logLevel,
            redact: LOG_REDACT_PATHS,
            ...(deps.logStream && { stream: deps.logStream }),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: env.trustProxy,
    // Plugins only register hooks and routes (@fastify/static lists the web build's files); the heavy
    // start-up work (migrations, seeding, job workers such as the geocoding backfill) runs outside any
    // plugin, before the app is ready or after it. The limit is set explicitly, and generously, so a
    // busy machine cannot fail a start on Fastify's 10 s default, while a hung plugin still surfaces.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const reporter = createErrorReporter(env.errorReporterUrl);
  registerErrorHandler(app, reporter);
  // Ad provider hosts join the policy only when a provider is configured.
  const ads = createAdsService(env.ads);
  const adHosts = ads.cspSources();
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...adHosts.scriptSrc],
        ...(adHosts.frameSrc.length > 0 && { frameSrc: ["'self'", ...adHosts.frameSrc] }),
        imgSrc: ["'self'", 'data:', 'blob:', ...adHosts.imgSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The realtime socket's own origin only (ws: or wss: as the app is served), never any ws host.
        connectSrc: ["'self'", realtimeOrigin(env.appUrl), ...adHosts.connectSrc],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Before any route: the OpenAPI document learns the /api/v1 routes as they are added.
  await registerOpenApi(app, { appUrl: env.appUrl, rateLimitPerMinute: env.apiRateLimitPerMinute });
  registerSameOriginGuard(app, env.appUrl);
  registerNulCharacterGuard(app);
  registerPrivateNoStore(app);

  // Platform services: job queue and cross-instance pub/sub live in the same database.
  // Workers start once the app is ready (see the onReady hook below), after every start-up step.
  const jobs = await startJobQueue(database, { ...deps.jobs, holdWorkers: true });
  const pubsub = await startPubSub(database, { logger: app.log });
  const access = createAccessService({ db: database.db });
  const admin = createAdminService({ db: database.db, access });
  const audit = access.audit.record;
  // Settings come first: the mailer and the notifications read the email settings at each send.
  const settings = createSettingsService({ db: database.db, audit });
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
    db: database.db,
    mailer,
    mailFrom: env.mailFrom,
    settings,
    clock,
    pollIntervalMs: (deps.jobs?.pollingIntervalSeconds ?? 1) * 1000,
    logger: app.log,
  });
  const realtime = createRealtimeService({
    pubsub,
    isAdmin: access.isAdmin,
    liveSessionIds: (ids) => findLiveSessionIds(database.db, ids, new Date()),
    logError,
  });
  const ledger = createLedgerService({ db: database.db });
  const injectTransport: WebhookTransport = async (url, body, headers) => {
    const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
    return { statusCode: res.statusCode };
  };
  const sandbox =
    env.paymentsProvider === 'sandbox'
      ? createSandboxProvider({
          db: database.db,
          clock,
          jobs,
          appUrl: env.appUrl,
          webhookSecret: deriveSandboxWebhookSecret(env.authSecret),
          transport: deps.sandboxWebhooks === 'inject' ? injectTransport : httpWebhookTransport,
          autoDeliver: deps.sandboxWebhooks !== 'manual',
        })
      : null;
  const provider: PaymentProvider =
    sandbox ??
    createStripeProvider({
      secretKey: env.stripeSecretKey as string,
      webhookSecret: env.stripeWebhookSecret as string,
      premiumPriceId: env.stripePremiumPriceId,
    });
  const payments = createPaymentsService({
    db: database.db,
    provider,
    ledger,
    clock,
    appUrl: env.appUrl,
    isAdmin: access.isAdmin,
    realtime,
  });
  const companies = createCompaniesService({
    db: database.db,
    clock,
    notifications,
    realtime,
    appUrl: env.appUrl,
    audit,
  });
  const billing = createBillingService({
    db: database.db,
    payments,
    ledger,
    realtime,
    companies,
    settings,
    clock,
    appUrl: env.appUrl,
  });
  const storage = deps.storage ?? createStorage({ s3: env.s3, localRoot: path.join(env.dataDir, 'uploads') });
  // Market jobs (matching, price index) register here; the listings service calls them after commit.
  const listingChangedHandlers: Array<(listingId: string) => Promise<void>> = [];
  const listings = createListingsService({
    db: database.db,
    clock,
    storage,
    billing,
    payments,
    ledger,
    settings,
    notifications,
    isAdmin: access.isAdmin,
    appUrl: env.appUrl,
    audit,
    onListingChanged: async (listingId) => {
      await Promise.all(listingChangedHandlers.map((handle) => handle(listingId)));
    },
    geocode: geocodeLocation,
    // What a listing has left: its quantity less what deals hold (the deals module's query).
    heldQuantities: sumHeldQuantities,
    logger: app.log,
  });
  const grades = createGradesService({ db: database.db });
  const priceIndex = createPriceIndexService({ db: database.db, clock, settings, realtime });
  listingChangedHandlers.push(() => requestPriceIndexRecompute(jobs));
  // A new minimum of contributors rewrites the year's points under the new rule.
  settings.onChanged(async (changes) => {
    if (changes['market.index_min_contributors']) await requestPriceIndexRebuild(jobs);
  });
  // Open pages learn of a platform switch at once; maintenance closes every socket but administrators'.
  settings.onChanged(async (changes) => {
    if (!PLATFORM_STATUS_KEYS.some((key) => key in changes)) return;
    const status = await settings.getPlatformStatus();
    await realtime.publishToAll({ type: 'platform.status.changed', maintenanceMode: status.maintenanceMode });
  });
  const userNotifications = createUserNotificationsService({ db: database.db, clock });
  const matching = createMatchingService({
    db: database.db,
    clock,
    settings,
    realtime,
    userNotifications,
    notifications,
    appUrl: env.appUrl,
    logger: app.log,
  });
  listingChangedHandlers.push((listingId) => requestMatching(jobs, listingId));
  const contact = createContactService({
    db: database.db,
    clock,
    notifications,
    supportEmail: env.supportEmail,
    logger: app.log,
    reporter,
  });
  const blog = createBlogService({ db: database.db, clock, audit });
  const campaigns = createCampaignsService({
    db: database.db,
    jobs,
    notifications,
    clock,
    appUrl: env.appUrl,
    unsubscribeTokens: createUnsubscribeTokens(env.authSecret),
    premiumProvider: provider.name,
    ratePerMinute: env.bulkEmailRatePerMinute,
    audit,
  });
  const seo = createSeoService({ appUrl: env.appUrl, clock, listings, companies, blog });
  const messaging = createMessagingService({
    db: database.db,
    clock,
    billing,
    payments,
    ledger,
    realtime,
    notifications,
    appUrl: env.appUrl,
    // Deal threads stay writable for free users only while a deal of the two is alive and engaged.
    liveDealsBetween: (userId, otherUserIds) => listLiveDealsBetween(database.db, userId, otherUserIds),
  });
  // Escrow funding rails: payment methods, plain wire transfers, and the escrow provider.
  const paymentMethods = createPaymentMethodsService({ db: database.db, audit });
  const escrowEvents = createEscrowEvents({ logger: app.log });
  const escrowProvider = createEscrowProvider(env, { db: database.db, clock, events: escrowEvents });
  const wireTransfers = createWireTransfersService({
    db: database.db,
    ledger,
    notifications,
    settings,
    clock,
    logger: app.log,
    reporter,
    appUrl: env.appUrl,
    bankDetails: env.wireBankDetails,
    isAdmin: access.isAdmin,
    audit,
  });
  const escrowTest = createEscrowTestService({
    provider: escrowProvider,
    config: { apiKeySet: Boolean(env.escrow.apiKey), apiUrl: env.escrow.apiUrl },
  });
  // Environmental impact: WARM factors, recorded by deals when they complete.
  const impact = createImpactService({
    db: database.db,
    clock,
    audit,
    companyOwner: async (companyId) => (await companies.getCompany(companyId)).userId,
  });
  // Deals: the state machine, escrow funding by every route, release, refund and commission.
  // Completed deals move the price index (a debounced job).
  const dealCompletedHandlers: Array<(dealId: string) => Promise<void>> = [
    () => requestPriceIndexRecompute(jobs),
  ];
  const deals = createDealsService({
    db: database.db,
    clock,
    ledger,
    payments,
    settings,
    notifications,
    realtime,
    messaging,
    isAdmin: access.isAdmin,
    getPaymentMethod: paymentMethods.findEnabledByType,
    escrowProvider,
    escrowEvents,
    wireTransfers,
    impact,
    listingQuantity: listings,
    appUrl: env.appUrl,
    audit,
    onDealCompleted: async (dealId) => {
      await Promise.all(dealCompletedHandlers.map((handle) => handle(dealId)));
    },
  });
  const auth = createAuth({
    db: database.db,
    secret: env.authSecret,
    appUrl: env.appUrl,
    quiet: env.logLevel === 'silent',
    onPasswordReset: (userId) => realtime.endSessions(userId, { reason: 'password_reset' }),
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
    db: database.db,
    auth,
    clock,
    appUrl: env.appUrl,
    extensions: {
      isAdmin: access.isAdmin,
      subscription: billing.getSubscriptionSummary,
    },
    settings,
  });
  accounts.onSessionsEnded(({ userId, ...ending }) => realtime.endSessions(userId, ending));
  const publicApi = createPublicApiService({ db: database.db, clock, audit });
  app.decorate('services', {
    accounts,
    access,
    admin,
    notifications,
    realtime,
    jobs,
    settings,
    ledger,
    payments,
    billing,
    listings,
    companies,
    blog,
    campaigns,
    contact,
    messaging,
    paymentMethods,
    wireTransfers,
    escrowProvider,
    escrowEvents,
    deals,
    priceIndex,
    matching,
    impact,
    userNotifications,
    publicApi,
    storage,
    sandbox,
  });

  await scheduleAccountsCleanup(jobs, database.db, clock);
  await settings.seedDefaults();
  await paymentMethods.seedDefaults();
  await impact.seedDefaults();
  await grades.seedGrades();
  if (sandbox) await startSandboxJobs(jobs, sandbox);
  await schedulePaymentsJobs(jobs, payments);
  await scheduleBillingJobs(jobs, billing);
  await scheduleListingsJobs(jobs, listings);
  await scheduleMessagingJobs(jobs, messaging);
  await scheduleDealJobs(jobs, deals);
  await scheduleCampaignJobs(jobs, campaigns);
  await schedulePriceIndexJobs(jobs, priceIndex);
  await scheduleMatchingJobs(jobs, matching, listings);
  await schedulePublicApiJobs(jobs, publicApi);
  const backups = createBackupsService({
    database,
    config: { backupDir: env.backupDir, pgDumpPath: env.pgDumpPath, keep: env.backupKeep },
    clock,
    jobs,
    settings,
    audit,
    logger: app.log,
  });
  await scheduleBackupJobs(jobs, backups);
  registerSession(app, accounts);
  registerAdminGuard(app, access);
  registerMaintenanceMode(app, { platformStatus: settings.getPlatformStatus, isAdmin: access.isAdmin });

  await app.register(healthRoutes(database));
  await app.register(accountsRoutes(accounts, { rateLimitPerMinute: env.authRateLimitPerMinute }));
  await app.register(accessRoutes(access));
  await app.register(
    adminUsersRoutes(createAdminUsersService({ db: database.db, clock, access, admin, realtime }), access),
  );
  await app.register(
    overviewRoutes(createOverviewService({ accounts, listings, companies, wireTransfers, deals }), access),
  );
  await app.register(
    unconfirmedUsersRoutes(createUnconfirmedUsersService({ accounts, logger: app.log, audit }), access),
  );
  await app.register(failedEmailsRoutes(createFailedEmailsService({ notifications, audit }), access));
  await app.register(
    securityRoutes(
      createSecurityService({
        db: database.db,
        clock,
        access,
        config: {
          authRateLimitPerMinute: env.authRateLimitPerMinute,
          apiRateLimitPerMinute: env.apiRateLimitPerMinute,
          uploadRateLimitPerMinute: env.uploadRateLimitPerMinute,
        },
        onSessionEnded: (userId, sessionId) =>
          realtime.endSessions(userId, { reason: 'ended_by_admin', sessionIds: [sessionId] }),
      }),
      access,
    ),
  );
  await app.register(settingsRoutes(settings, access));
  await app.register(
    systemRoutes(
      { databaseStatus: createDatabaseStatusService({ database, backups, clock }), backups },
      access,
    ),
  );
  await app.register(ledgerRoutes(ledger, access, deals.findEscrowMismatches));
  await app.register(billingRoutes(billing));
  await app.register(paymentsRoutes(payments));
  await app.register(
    listingsRoutes(listings, access, { uploadRateLimitPerMinute: env.uploadRateLimitPerMinute }),
  );
  await app.register(apiKeysRoutes(publicApi));
  await app.register(adminApiKeysRoutes(publicApi, access));
  await app.register(
    publicApiV1Routes(publicApi, listings, { rateLimitPerMinute: env.apiRateLimitPerMinute }),
  );
  await app.register(gradesRoutes(grades));
  await app.register(priceIndexRoutes(priceIndex));
  await app.register(matchingRoutes(matching));
  await app.register(userNotificationsRoutes(userNotifications));
  await app.register(companiesRoutes(companies, access));
  await app.register(blogRoutes(blog, access));
  await app.register(campaignsRoutes(campaigns, access));
  await app.register(adsRoutes(ads));
  await app.register(seoRoutes(seo));
  await app.register(contactRoutes(contact));
  await app.register(messagingRoutes(messaging));
  await app.register(paymentMethodsRoutes(paymentMethods, access));
  await app.register(wireTransfersRoutes(wireTransfers));
  await app.register(escrowTestRoutes(escrowTest, access));
  await app.register(
    escrowWebhookRoutes(escrowEvents, env.escrow.webhookSecret ?? deriveEscrowWebhookSecret(env.authSecret)),
  );
  if (isSandboxEscrowProvider(escrowProvider)) await app.register(sandboxEscrowRoutes(escrowProvider));
  await app.register(dealsRoutes(deals, access));
  await app.register(impactRoutes(impact, access));
  await app.register(paymentsWebhookRoutes(payments));
  if (sandbox) await app.register(sandboxPagesRoutes(sandbox));
  registerRealtimeSocket(app, realtime, env.appUrl);
  if (env.devMailbox) await app.register(devMailboxRoutes(notifications));

  const webRoot = deps.webRoot ?? WEB_DIST;
  const indexFile = path.join(webRoot, 'index.html');
  const serveSpa = env.serveWeb && existsSync(indexFile);
  if (serveSpa) await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  registerNotFoundHandler(app, { serveSpa, renderPage: (p) => seo.renderPage(indexFile, p) });

  app.addHook('onReady', async () => {
    await jobs.resume();
    // The outbox sender starts with the job workers, after start-up (see holdWorkers).
    await notifications.startWorkers();
  });
  app.addHook('onClose', async () => {
    realtime.stop();
    await deals.whenIdle();
    await notifications.stopWorkers();
    await jobs.stop();
    await pubsub.close();
    mailer.close();
  });
  return app;
}

/** The WebSocket origin of the app: ws://host for http, wss://host for https. */
function realtimeOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}
