import { afterEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase, resetDatabase } from '../../test/test-database.ts';
import { rawQuery } from '../db/client.ts';
import { type JobQueue, startJobQueue } from './jobs.ts';

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
});
