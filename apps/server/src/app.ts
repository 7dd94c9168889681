import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createAppEventBus } from './lib/app-events.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createErrorReporter } from './lib/error-reporter.ts';
import { type JobQueue, type JobQueueOptions, startJobQueue } from './lib/jobs.ts';
import { createModuleContext } from './lib/module-context.ts';
import { startPubSub } from './lib/pubsub.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { type AccessService, registerAccess } from './modules/access/index.ts';
import {
  type AccountsService,
  findLiveSessionIds,
  type PasswordHasher,
  registerAccounts,
} from './modules/accounts/index.ts';
import { type AdminService, registerAdmin } from './modules/admin/index.ts';
import { registerAds } from './modules/ads/index.ts';
import { type BillingService, registerBilling } from './modules/billing/index.ts';
import { blockedBetweenSql, registerBlocks } from './modules/blocks/index.ts';
import { type BlogService, registerBlog } from './modules/blog/index.ts';
import { type CampaignsService, registerCampaigns } from './modules/campaigns/index.ts';
import { type CompaniesService, registerCompanies } from './modules/companies/index.ts';
import { type ContactService, registerContent } from './modules/content/index.ts';
import {
  countCompletedDeals,
  type DealsModule,
  heldQuantityOf,
  listLiveDealsBetween,
  registerDeals,
  sumHeldQuantities,
} from './modules/deals/index.ts';
import { type EscrowModule, registerEscrow } from './modules/escrow/index.ts';
import { registerHealth } from './modules/health/index.ts';
import { type LedgerService, registerLedger } from './modules/ledger/index.ts';
import { type ListingsService, registerListings } from './modules/listings/index.ts';
import {
  geocodeLocation,
  type ImpactService,
  type MatchingService,
  type PriceIndexService,
  registerMarket,
} from './modules/market/index.ts';
import { type MessagingService, registerMessaging } from './modules/messaging/index.ts';
import {
  type Mailer,
  type NotificationsService,
  type PushSender,
  type PushService,
  registerNotifications,
  type UserNotificationsService,
} from './modules/notifications/index.ts';
import {
  type PaymentsService,
  registerPayments,
  type SandboxProvider,
  type SandboxWebhookDelivery,
} from './modules/payments/index.ts';
import { type PrivateFilesService, registerPrivateFiles } from './modules/private-files/index.ts';
import { type PublicApiService, registerPublicApi } from './modules/public-api/index.ts';
import { type RealtimeService, registerRealtime } from './modules/realtime/index.ts';
import {
  parseReputationSummary,
  type ReviewsModule,
  readReputationSummaries,
  registerReviews,
  reputationSummarySql,
} from './modules/reviews/index.ts';
import { registerSeo } from './modules/seo/index.ts';
import { registerSettings, type SettingsService } from './modules/settings/index.ts';
import { registerSystem } from './modules/system/index.ts';
import { registerTrust, reviewReportTarget, type TrustModule } from './modules/trust/index.ts';
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
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerOpenApi } from './plugins/swagger.ts';
import { registerWebAssets } from './plugins/web-assets.ts';

const PLUGIN_TIMEOUT_MS = 120_000;
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppDeps = {
  env: Env;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where pushes go; web-push to the browsers' push services by default (tests record them). */
  pushSender?: PushSender;
  /** Job polling and retry timing; tests shorten them so emails arrive quickly. */
  jobs?: JobQueueOptions;
  /** How the sandbox payment provider delivers its webhooks (`http` by default; see registerPayments). */
  sandboxWebhooks?: SandboxWebhookDelivery;
  /** Where uploads go; by default S3 when configured, else DATA_DIR/uploads. */
  storage?: Storage;
  /** The built web app served to browsers; apps/web/dist by default. */
  webRoot?: string;
  /** Where log lines go; stdout by default (tests capture them to check that no secret is logged). */
  logStream?: { write(line: string): void };
  /** Better Auth's scrypt by default; tests hand in a cheaper one, as they create hundreds of accounts. */
  passwordHasher?: PasswordHasher;
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

/** Every module's service, for the session plugins, the demo seed and the tests. */
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
  priceIndex: PriceIndexService;
  matching: MatchingService;
  impact: ImpactService;
  userNotifications: UserNotificationsService;
  push: PushService;
  publicApi: PublicApiService;
  privateFiles: PrivateFilesService;
  storage: Storage;
  /** Present while the built-in sandbox is the payment provider. */
  sandbox: SandboxProvider | null;
} & DealsModule &
  EscrowModule &
  ReviewsModule &
  Pick<TrustModule, 'trust'>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** The composition root: the same function builds the production server and every test's server. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
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

  // The infrastructure every module is built on. The job queue and cross-instance pub/sub live in the
  // same database; job workers start once the app is ready, after every start-up step (holdWorkers).
  const jobs = await startJobQueue(database, { ...deps.jobs, holdWorkers: true });
  const pubsub = await startPubSub(database, { logger: app.log });
  const storage = deps.storage ?? createStorage({ s3: env.s3, localRoot: path.join(env.dataDir, 'uploads') });
  const modules = createModuleContext({
    app,
    env,
    database,
    db: database.db,
    clock: deps.clock ?? systemClock,
    jobs,
    pubsub,
    storage,
    events: createAppEventBus(),
    logger: app.log,
    reporter,
  });
  const ctx = modules.context;

  // The modules, each after those it uses. Reads a module cannot import without a cycle (the module
  // builds on the reader) are handed in here.
  registerHealth(ctx);
  const access = registerAccess(ctx);
  // Who blocked whom (kept in memory): every module that reaches the other party reads it.
  const blocks = registerBlocks(ctx);
  const settings = registerSettings(ctx, { access });
  const liveSessionIds = (ids: string[]) => findLiveSessionIds(database.db, ids, new Date());
  const { notifications, userNotifications, push } = registerNotifications(ctx, {
    access,
    settings,
    mailer: deps.mailer,
    pushSender: deps.pushSender,
    hasBlocked: blocks.hasBlocked,
    liveSessionIds,
    pollIntervalMs: (deps.jobs?.pollingIntervalSeconds ?? 1) * 1000,
  });
  const realtime = registerRealtime(ctx, { access, settings, liveSessionIds });
  const ledger = registerLedger(ctx, { access });
  const privateFiles = registerPrivateFiles(ctx, { access });
  const { payments, sandbox } = registerPayments(ctx, {
    access,
    ledger,
    realtime,
    sandboxWebhooks: deps.sandboxWebhooks ?? 'http',
  });
  const companies = registerCompanies(ctx, { access, notifications, realtime, privateFiles });
  const billing = registerBilling(ctx, { payments, ledger, realtime, companies, settings });
  const accounts = registerAccounts(ctx, {
    access,
    settings,
    notifications,
    subscription: billing.getSubscriptionSummary,
    passwordHasher: deps.passwordHasher,
  });
  const listings = registerListings(ctx, {
    access,
    billing,
    payments,
    ledger,
    settings,
    notifications,
    geocode: geocodeLocation,
    heldQuantities: sumHeldQuantities,
    heldQuantitySql: heldQuantityOf,
    sellerReputations: readReputationSummaries,
    sellerReputationSql: reputationSummarySql,
    parseSellerReputation: parseReputationSummary,
    // The moderation hold reads the price index (market builds on listings) at a listing's save,
    // after every module is registered.
    priceIndexOf: async (item) => (await market.priceIndex.compare(item)).indexCentsPerTonne,
    completedDealCount: (userId) => countCompletedDeals(database.db, userId),
    hiddenSellersOf: blocks.hiddenSellersOf,
  });
  const market = registerMarket(ctx, {
    access,
    settings,
    realtime,
    notifications,
    userNotifications,
    push,
    companies,
    blockedBetween: blockedBetweenSql,
  });
  const messaging = registerMessaging(ctx, {
    billing,
    payments,
    ledger,
    realtime,
    notifications,
    push,
    liveDealsBetween: (userId, otherUserIds) => listLiveDealsBetween(database.db, userId, otherUserIds),
    blocks,
  });
  const escrowModule = registerEscrow(ctx, { access, ledger, payments, settings, notifications });
  const dealsModule = registerDeals(ctx, {
    access,
    ledger,
    escrow: escrowModule,
    settings,
    notifications,
    push,
    realtime,
    messaging,
    impact: market.impact,
    listings,
    blocks,
    privateFiles,
  });
  const reviewsModule = registerReviews(ctx, { access, notifications, realtime });
  const admin = registerAdmin(ctx, {
    access,
    realtime,
    accounts,
    listings,
    companies,
    deals: dealsModule,
    escrow: escrowModule,
    // The dashboard counts the moderation queue; trust builds on admin (its suspension), so it is read
    // once every module is registered.
    countOpenReports: () => trustModule.trust.countOpen(),
  });
  const trustModule = registerTrust(ctx, {
    access,
    notifications,
    blocks,
    listings,
    companies,
    messaging,
    suspendUser: admin.suspendUser,
  });
  trustModule.registerReportTarget('review', reviewReportTarget(reviewsModule.reviews));
  const blog = registerBlog(ctx, { access });
  const campaigns = registerCampaigns(ctx, { access, notifications, payments });
  const contact = registerContent(ctx, { notifications });
  const publicApi = registerPublicApi(ctx, { access, listings, reviews: reviewsModule });
  const seo = registerSeo(ctx, { listings, companies, blog });
  const ads = registerAds(ctx);
  registerSystem(ctx, { access, settings });
  app.decorate('services', {
    ...dealsModule,
    ...escrowModule,
    ...reviewsModule,
    ...market,
    trust: trustModule.trust,
    accounts,
    access,
    admin,
    notifications,
    userNotifications,
    push,
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
    publicApi,
    privateFiles,
    storage,
    sandbox,
  });

  // HTTP infrastructure, then every request's hooks, then the modules' start-up and routes.
  await registerSecurityHeaders(app, { appUrl: env.appUrl, extra: ads.cspSources() });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Before any route: the OpenAPI document learns the /api/v1 routes as they are added.
  await registerOpenApi(app, { appUrl: env.appUrl, rateLimitPerMinute: env.apiRateLimitPerMinute });
  registerSameOriginGuard(app, env.appUrl);
  registerNulCharacterGuard(app);
  registerPrivateNoStore(app);
  registerSession(app, accounts);
  registerAdminGuard(app, access);
  registerMaintenanceMode(app, { platformStatus: settings.getPlatformStatus, isAdmin: access.isAdmin });
  await modules.start();

  const webRoot = deps.webRoot ?? WEB_DIST;
  const indexFile = path.join(webRoot, 'index.html');
  const serveSpa = env.serveWeb && existsSync(indexFile);
  if (serveSpa) await registerWebAssets(app, webRoot);
  registerNotFoundHandler(app, { serveSpa, renderPage: (p, viewer) => seo.renderPage(indexFile, p, viewer) });

  app.addHook('onReady', async () => {
    await jobs.resume();
    await modules.ready();
  });
  app.addHook('onListen', async () => {
    await modules.listening();
  });
  app.addHook('onClose', async () => {
    await modules.close();
    await jobs.stop();
    await pubsub.close();
  });
  return app;
}
