import { fromPglite, PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase, resetDatabase } from '../../test/test-database.ts';
import { type Database, rawQuery } from '../db/client.ts';
import { HEARTBEAT_SECONDS, type JobQueue, startJobQueue } from './jobs.ts';

/** Another instance that takes a job off the queue and then dies (kill -9): it never settles it. */
async function takeJobAndDie(database: Database, name: string): Promise<void> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 1, supervise: false, schedule: false })
      : new PgBoss({ db: fromPglite(database.pglite), supervise: false, schedule: false });
  await boss.start();
  const [job] = await boss.fetch(name);
  expect(job).toBeDefined();
  await boss.stop({ graceful: false, close: true });
}

const queues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});

describe('the job queue', () => {
  it('runs a queued job in the same database, and retries it after a failure', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    queues.push(jobs);
    const seen: string[] = [];
    let failures = 1;
    await jobs.work<{ word: string }>('test.echo', async ({ word }) => {
      if (failures-- > 0) throw new Error('transient');
      seen.push(word);
    });
    await jobs.send('test.echo', { word: 'copper' }, { retryLimit: 2 });
    await expect.poll(() => seen, { timeout: 20_000, interval: 200 }).toEqual(['copper']);
  });

  it('holds workers registered while held until resumed, and then runs what was queued meanwhile', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const jobs = await startJobQueue(database, {
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      holdWorkers: true,
    });
    queues.push(jobs);
    const seen: string[] = [];
    await jobs.work<{ word: string }>('test.held', async ({ word }) => {
      seen.push(word);
    });
    await jobs.send('test.held', { word: 'tin' });
    // Three polling intervals pass without a fetch.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual([]);
    await jobs.resume();
    await expect.poll(() => seen, { timeout: 10_000, interval: 100 }).toEqual(['tin']);
  });

  it('stores a cron schedule that any instance will run', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    queues.push(jobs);
    await jobs.schedule('test.nightly', '0 3 * * *', { scope: 'all' });
    const rows = await rawQuery<{ name: string; cron: string }>(
      database,
      'select name, cron from pgboss.schedule',
    );
    expect(rows).toContainEqual(expect.objectContaining({ name: 'test.nightly', cron: '0 3 * * *' }));
  });

  it('lets a long job run past the 15-minute default when its worker says so, also for an existing queue', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    queues.push(jobs);
    // A send before the worker registers creates the queue with the defaults.
    await jobs.send('test.dump', { at: 1 });
    await jobs.work('test.dump', async () => {}, { expireInSeconds: 6 * 3600 });
    await jobs.work('test.short', async () => {});
    const rows = await rawQuery<{ name: string; expire_seconds: number }>(
      database,
      "select name, expire_seconds from pgboss.queue where name in ('test.dump', 'test.short') order by name",
    );
    expect(rows.map((r) => [r.name, Number(r.expire_seconds)])).toEqual([
      ['test.dump', 21_600],
      ['test.short', 900],
    ]);
  });

  it('runs a job again within a minute when the instance running it died, while a long live job runs once', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    queues.push(jobs);
    await jobs.send('test.crash', { deal: 'd1' });
    await takeJobAndDie(database, 'test.crash');
    const diedAt = Date.now();

    // A job that runs longer than the heartbeat window on a live worker is not taken from it.
    let longRuns = 0;
    await jobs.work('test.long', async () => {
      longRuns += 1;
      await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_SECONDS * 1000));
    });
    await jobs.send('test.long', {});

    const seen: string[] = [];
    await jobs.work<{ deal: string }>('test.crash', async ({ deal }) => {
      seen.push(deal);
    });
    await expect.poll(() => seen, { timeout: 60_000, interval: 500 }).toEqual(['d1']);
    expect(Date.now() - diedAt).toBeLessThan(60_000);
    await expect.poll(() => longRuns, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, Math.max(0, diedAt + 3 * HEARTBEAT_SECONDS * 1000 - Date.now())));
    expect(longRuns).toBe(1);
  }, 120_000);
});
