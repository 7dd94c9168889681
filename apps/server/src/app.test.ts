import { describe, expect, it } from 'vitest';
import { testEnv } from '../test/build-test-app.ts';
import { getWorkerDatabase, resetDatabase } from '../test/test-database.ts';
import { buildApp } from './app.ts';
import { rawQuery } from './db/client.ts';
import { MATCHING_BACKFILL_JOB } from './modules/market/index.ts';

describe('starting the app', () => {
  it('runs no background job until the app is ready, so start-up never races them for the CPU', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const app = await buildApp({
      env: testEnv(),
      database,
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, schedules: false },
    });
    try {
      const backfillStates = async () =>
        (
          await rawQuery<{ state: string }>(database, 'select state from pgboss.job where name = $1', [
            MATCHING_BACKFILL_JOB,
          ])
        ).map((r) => r.state);
      // The geocoding backfill is queued while the app is built, and waits there, as the seed would.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await backfillStates()).toEqual(['created']);
      await app.ready();
      await expect.poll(backfillStates, { timeout: 10_000, interval: 200 }).toEqual(['completed']);
    } finally {
      await app.close();
    }
  });
});
