import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DatabaseBackup,
  DatabaseBackupResponseSchema,
  DatabaseStatusSchema,
  SYSTEM_MESSAGES,
} from '@app/shared/admin/admin-system.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { adminAuditLog } from '../../db/schema.ts';
import { insertBackup } from './backups.repository.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempBackupDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'recytrade-backups-'));
  tempDirs.push(dir);
  return dir;
}

async function waitForBackup(client: TestClient, id: string, timeoutMs = 30_000): Promise<DatabaseBackup> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await client.get(`/api/admin/system/backups/${id}`);
    expect(res.statusCode).toBe(200);
    const { backup } = DatabaseBackupResponseSchema.parse(res.json());
    if (backup.status !== 'running') return backup;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Backup ${id} still running after ${timeoutMs} ms`);
}

describe('admin system database routes', () => {
  it('answer 401 to a visitor and 403 to a trader on every route', async () => {
    const { app } = await buildTestApp();
    const trader = await signedInClient(app);
    const visitor = createClient(app);
    for (const [method, url] of [
      ['GET', '/api/admin/system/database'],
      ['POST', '/api/admin/system/backups'],
      ['GET', '/api/admin/system/backups/bkp_x'],
    ] as const) {
      expect((await visitor.request({ method, url })).statusCode, url).toBe(401);
      expect((await trader.client.request({ method, url })).statusCode, url).toBe(403);
    }
  });

  it('reports the real connection, version and size of the database', async () => {
    const { app, database } = await buildTestApp();
    const admin = await adminClient(app);
    const res = await admin.client.get('/api/admin/system/database');
    expect(res.statusCode).toBe(200);
    const status = DatabaseStatusSchema.parse(res.json());
    expect(status).toMatchObject({ connected: true, kind: database.kind });
    expect(status.latencyMs).toBeGreaterThanOrEqual(0);
    expect(status.serverVersion).toMatch(/^\d+(\.\d+)?/);
    expect(status.sizeBytes).toBeGreaterThan(0);
    expect(status.backups).toMatchObject({
      configured: false,
      method: null,
      unavailableReason: 'BACKUP_DIR is not set.',
      lastSucceeded: null,
      recent: [],
    });
  });

  it('refuses a backup with a clear 409 when backups are not configured', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const res = await admin.client.post('/api/admin/system/backups');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      message: SYSTEM_MESSAGES.backupsNotConfigured,
    });
  });

  it('runs a manual backup through the job queue into a non-empty file, with an audit row', async () => {
    const backupDir = await tempBackupDir();
    const { app, database } = await buildTestApp({ env: { backupDir } });
    const admin = await adminClient(app);

    const before = DatabaseStatusSchema.parse((await admin.client.get('/api/admin/system/database')).json());
    expect(before.backups).toMatchObject({
      configured: true,
      method: database.kind === 'postgres' ? 'pg_dump' : 'pglite-dump',
      unavailableReason: null,
    });

    const res = await admin.client.post('/api/admin/system/backups');
    expect(res.statusCode).toBe(202);
    const { backup } = DatabaseBackupResponseSchema.parse(res.json());
    expect(backup).toMatchObject({
      status: 'running',
      trigger: 'manual',
      requestedBy: { id: admin.user.id, name: 'Dana Fischer' },
      finishedAt: null,
    });

    const done = await waitForBackup(admin.client, backup.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.fileName).toMatch(
      database.kind === 'postgres' ? /^recytrade-\d{8}T\d{6}Z\.dump$/ : /^recytrade-\d{8}T\d{6}Z\.tar\.gz$/,
    );
    expect(await readdir(backupDir)).toEqual([done.fileName]);
    const { size } = await stat(path.join(backupDir, done.fileName as string));
    expect(size).toBeGreaterThan(0);
    expect(done.sizeBytes).toBe(size);
    expect(done.finishedAt).not.toBeNull();

    const after = DatabaseStatusSchema.parse((await admin.client.get('/api/admin/system/database')).json());
    expect(after.backups.lastSucceeded?.id).toBe(backup.id);
    expect(after.backups.recent.map((b) => b.id)).toEqual([backup.id]);

    const audit = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, backup.id));
    expect(audit).toMatchObject([
      { action: 'database.backup', targetType: 'database_backup', actorUserId: admin.user.id },
    ]);
  });

  it('answers 409 while a backup runs, and fails a backup stuck for over an hour', async () => {
    const backupDir = await tempBackupDir();
    const { app, database } = await buildTestApp({ env: { backupDir } });
    const admin = await adminClient(app);
    const base = {
      status: 'running' as const,
      trigger: 'manual' as const,
      method: database.kind === 'postgres' ? ('pg_dump' as const) : ('pglite-dump' as const),
    };
    await insertBackup(database.db, {
      ...base,
      id: 'bkp_live',
      startedAt: new Date(Date.now() - 5 * 60_000),
    });

    const busy = await admin.client.post('/api/admin/system/backups');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'CONFLICT', message: SYSTEM_MESSAGES.backupRunning });

    // The same row, as if its instance had crashed 61 minutes ago.
    await database.db.execute(
      sql`update database_backups set started_at = now() - interval '61 minutes' where id = 'bkp_live'`,
    );
    const res = await admin.client.post('/api/admin/system/backups');
    expect(res.statusCode).toBe(202);
    const stuck = DatabaseBackupResponseSchema.parse(
      (await admin.client.get('/api/admin/system/backups/bkp_live')).json(),
    ).backup;
    expect(stuck).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Interrupted/) });
    expect(stuck.finishedAt).not.toBeNull();
    const { backup } = DatabaseBackupResponseSchema.parse(res.json());
    expect((await waitForBackup(admin.client, backup.id)).status).toBe('succeeded');

    expect((await admin.client.get('/api/admin/system/backups/bkp_missing')).statusCode).toBe(404);
  });

  it('says what is missing when pg_dump cannot run against PostgreSQL', async (ctx) => {
    if ((await getWorkerDatabase()).kind !== 'postgres') ctx.skip();
    const { app } = await buildTestApp({
      env: { backupDir: await tempBackupDir(), pgDumpPath: '/nonexistent/pg_dump' },
    });
    const admin = await adminClient(app);
    const status = DatabaseStatusSchema.parse((await admin.client.get('/api/admin/system/database')).json());
    expect(status.backups).toMatchObject({
      configured: false,
      method: 'pg_dump',
      unavailableReason: expect.stringContaining('pg_dump was not found (PG_DUMP_PATH=/nonexistent/pg_dump)'),
    });
    expect((await admin.client.post('/api/admin/system/backups')).statusCode).toBe(409);
  });
});
