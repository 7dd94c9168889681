import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { AppEventBus } from './app-events.ts';
import type { Clock } from './clock.ts';
import type { ErrorReporter } from './error-reporter.ts';
import type { JobQueue } from './jobs.ts';
import type { PubSub } from './pubsub.ts';
import type { Storage } from './storage.ts';

type RoutesPlugin = FastifyPluginAsync | FastifyPluginAsyncZod;

/**
 * What a module's `register` function gets from the app: the infrastructure, and the places a module
 * hands work to the start-up sequence. Modules never touch the start-up order themselves.
 */
export type ModuleContext = {
  app: FastifyInstance;
  env: Env;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  pubsub: PubSub;
  storage: Storage;
  events: AppEventBus;
  logger: FastifyBaseLogger;
  reporter: ErrorReporter;
  /** HTTP routes: registered after the session, guard and maintenance hooks, in registration order. */
  routes(plugin: RoutesPlugin): void;
  /** Start-up work (default rows, job schedules): runs before the routes, in registration order. */
  onStart(step: () => Promise<void>): void;
  /** Runs once the app is ready and the job workers have started. */
  onReady(step: () => Promise<void>): void;
  /**
   * Runs once the server listens (never for an app used through `inject`): the place for background
   * work that must not delay the start, such as queueing a long backfill.
   */
  onListen(step: () => Promise<void>): void;
  /** Shutdown work: runs in reverse registration order, before the job queue and pub/sub stop. */
  onClose(step: () => Promise<void>): void;
};

export type ModuleLifecycle = {
  context: ModuleContext;
  /** Runs the start-up steps, then registers every module's routes. */
  start(): Promise<void>;
  ready(): Promise<void>;
  listening(): Promise<void>;
  close(): Promise<void>;
};

export function createModuleContext(
  infrastructure: Omit<ModuleContext, 'routes' | 'onStart' | 'onReady' | 'onListen' | 'onClose'>,
): ModuleLifecycle {
  const routes: RoutesPlugin[] = [];
  const startSteps: Array<() => Promise<void>> = [];
  const readySteps: Array<() => Promise<void>> = [];
  const listenSteps: Array<() => Promise<void>> = [];
  const closeSteps: Array<() => Promise<void>> = [];
  const { app } = infrastructure;
  return {
    context: {
      ...infrastructure,
      routes: (plugin) => routes.push(plugin),
      onStart: (step) => startSteps.push(step),
      onReady: (step) => readySteps.push(step),
      onListen: (step) => listenSteps.push(step),
      onClose: (step) => closeSteps.push(step),
    },
    async start() {
      for (const step of startSteps) await step();
      for (const plugin of routes) await app.register(plugin as FastifyPluginAsync);
    },
    async ready() {
      for (const step of readySteps) await step();
    },
    async listening() {
      for (const step of listenSteps) await step();
    },
    async close() {
      for (const step of [...closeSteps].reverse()) await step();
    },
  };
}
