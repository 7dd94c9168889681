import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, testEnv } from '../../../test/build-test-app.ts';
import { buildApp } from '../../app.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  // A new database of its own, migrated: slower than the worker's shared one on a busy machine.
  it('answers 503 once the database is gone', async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const app = await buildApp({ env: testEnv(), database });
    await app.ready();
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');
    await app.close().catch(() => {});
  }, 90_000);

  it('sends security headers', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with the error shape', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
