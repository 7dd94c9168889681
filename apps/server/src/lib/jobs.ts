import { fromPglite, PgBoss, type QueueResult } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { logError } from './log-error.ts';

/**
 * `signal` aborts when the queue stops (or the job's claim is lost): a handler that works in a loop
 * ends between two steps rather than holding the shutdown.
 */
export type JobHandler<T> = (data: T, run: { signal: AbortSignal }) => Promise<void>;

/** The job queue: pg-boss in the same database, so any instance may take any job (SKIP LOCKED). */
export type JobQueue = {
  send<T extends object>(
    name: string,
    data: T,
    opts?: {
      retryLimit?: number;
      startAfterSeconds?: number;
      /**
       * Debounce: one job per key and `singletonSeconds` slot; a send while the slot is taken goes to the
       * next slot (pg-boss singletonNextSlot), so a burst of sends costs at most two runs.
       */
      debounce?: { key: string; seconds: number };
    },
  ): Promise<void>;
  /**
   * Registers the handler. `expireInSeconds`: how long one run may take before the queue treats it as
   * lost and retries it (pg-boss's default is 15 minutes; a database dump may take longer).
   */
  work<T>(name: string, handler: JobHandler<T>, opts?: { expireInSeconds?: number }): Promise<void>;
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Starts the workers registered while `holdWorkers` was set; later ones start at once. */
  resume(): Promise<void>;
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
  /**
   * false: cron schedules are not registered (tests call the scheduled work themselves with their own
   * clock, and a cron firing at a minute boundary mid-test would race them).
   */
  schedules?: boolean;
  /**
   * true: `work` registers handlers but nothing is fetched until `resume()`. The app resumes once it is
   * ready, so background jobs (the geocoding backfill, a burst of emails) never compete for the CPU with
   * start-up steps such as plugin loading and seeding.
   */
  holdWorkers?: boolean;
};

/**
 * A running job's worker refreshes its heartbeat every HEARTBEAT_SECONDS / 2; a job whose heartbeat is
 * older than HEARTBEAT_SECONDS (its process was killed) is failed and retried by the next supervision
 * pass, at most SUPERVISE_SECONDS later. So a job a crash left active runs again within about half a
 * minute, not after its expiry (15 minutes by default, hours for a backup), while a long job that is
 * still running keeps its heartbeat fresh and its own `expireInSeconds` as the upper bound.
 */
export const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;

export async function startJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const supervision = {
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4, ...supervision })
      : new PgBoss({ db: fromPglite(database.pglite), ...supervision });
  boss.on('error', (err: unknown) => logError('job queue error', err));
  await boss.start();
  const created = new Set<string>();
  let held = opts.holdWorkers === true;
  const heldWorkers: Array<() => Promise<unknown>> = [];
  const stopping = new AbortController();
  // The queues as they were when this instance first needed one, read in one query: a start touches only
  // the queues that are missing or configured otherwise (two statements per queue, some thirty queues).
  let existingQueues: Promise<Map<string, QueueResult>> | undefined;
  const existingQueue = async (name: string) => {
    existingQueues ??= boss.getQueues().then((queues) => new Map(queues.map((q) => [q.name, q])));
    return (await existingQueues).get(name);
  };
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    const existing = await existingQueue(name);
    if (!existing) {
      await boss.createQueue(name, {
        retryLimit: 5,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
        heartbeatSeconds: HEARTBEAT_SECONDS,
      });
    }
    // Also for a queue created before heartbeats were configured (createQueue leaves it as it was).
    if (existing?.heartbeatSeconds !== HEARTBEAT_SECONDS) {
      await boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS });
    }
    created.add(name);
  };
  return {
    async send(name, data, o = {}) {
      await ensureQueue(name);
      await boss.send(name, data, {
        retryLimit: o.retryLimit ?? 5,
        startAfter: o.startAfterSeconds,
        ...(o.debounce && {
          singletonKey: o.debounce.key,
          singletonSeconds: o.debounce.seconds,
          singletonNextSlot: true,
        }),
      });
    },
    async work(name, handler, o = {}) {
      await ensureQueue(name);
      // Also for a queue that exists already (created by an earlier send or an older version).
      if (o.expireInSeconds && (await existingQueue(name))?.expireInSeconds !== o.expireInSeconds) {
        await boss.updateQueue(name, { expireInSeconds: o.expireInSeconds });
      }
      const start = () =>
        boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 }, async (jobs) => {
          for (const job of jobs)
            await handler(job.data as never, { signal: AbortSignal.any([job.signal, stopping.signal]) });
        });
      if (held) heldWorkers.push(start);
      else await start();
    },
    async resume() {
      held = false;
      for (const start of heldWorkers.splice(0)) await start();
    },
    async schedule(name, cron, data = {}) {
      if (opts.schedules === false) return;
      await ensureQueue(name);
      await boss.schedule(name, cron, data);
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
