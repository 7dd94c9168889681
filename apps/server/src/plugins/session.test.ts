import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, testEnv } from '../../test/build-test-app.ts';
import { signedInClient } from '../../test/factories/accounts.ts';
import { createScratchDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The app on a PostgreSQL database of its own, and a way to take that database down and up again. */
async function appWithOwnDatabase(): Promise<{
  app: FastifyInstance;
  outage: { start(): Promise<void>; end(): Promise<void> };
}> {
  const base = String(process.env.TEST_DATABASE_URL);
  const name = `test_outage_${process.pid}`;
  const database = await openDatabase({ url: await createScratchDatabase(base, name) });
  await migrateDatabase(database);
  const app = await buildApp({
    env: testEnv(),
    database,
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, schedules: false },
    sandboxWebhooks: 'manual',
  });
  await app.ready();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const outage = {
    // As during a restart: the server refuses new connections and drops the open ones.
    async start() {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    },
    async end() {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    },
  };
  cleanups.push(async () => {
    await outage.end();
    await app.close();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return { app, outage };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a signed-in request while the database is down',
  () => {
    it('answers 503 with Retry-After in the error shape, not 401 or 500, and the session works again after', async () => {
      const { app, outage } = await appWithOwnDatabase();
      const { client, user } = await signedInClient(app);
      // The job queue's workers report the outage too; their lines are checked at the end.
      vi.mocked(console.error).mockImplementation(() => {});

      await outage.start();
      const visitor = createClient(app);
      const requests = [
        () => client.get('/api/me'),
        () => client.get('/api/me/api-keys'),
        () => client.get('/api/me/notifications'),
        // No session to look up: the route's own query meets the outage (it used to answer 500).
        () => visitor.get('/api/listings'),
      ];
      for (const send of requests) {
        const res = await send();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          error: {
            code: 'UNAVAILABLE',
            message: 'Recytrade cannot reach its database right now. Please try again in a few seconds.',
          },
        });
      }
      // The session cookie was not cleared.
      expect(client.cookies.size).toBeGreaterThan(0);
      // A page request with the cookie is not refused (the test app serves no web build, hence 404): the
      // shell loads, and its API calls meet the 503.
      expect((await client.get('/deals')).statusCode).toBe(404);

      await outage.end();
      const me = await client.get('/api/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(user.id);
      // The job queue's workers reported the outage on the way (their lines carry the error itself).
      for (const [line] of vi.mocked(console.error).mock.calls)
        expect(String(line)).toContain('job queue error');
      vi.mocked(console.error).mockClear();
    });
  },
);
