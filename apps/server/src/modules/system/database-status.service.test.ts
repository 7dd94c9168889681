import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { noAudit } from '../access/index.ts';
import { createBackupsService } from './backups.service.ts';
import { createDatabaseStatusService } from './database-status.service.ts';

describe('database status', () => {
  it('answers connected false, not an error, when the database is unreachable', async () => {
    // Nothing listens on port 1: every query is refused.
    const database = await openDatabase({ url: 'postgres://recytrade:pw@127.0.0.1:1/recytrade' });
    const clock = { now: () => new Date('2026-03-02T10:00:00Z') };
    const backups = createBackupsService({
      database,
      config: { backupDir: undefined, pgDumpPath: 'pg_dump', keep: 14 },
      clock,
      jobs: {} as JobQueue,
      settings: { get: (async () => 'daily') as never },
      audit: noAudit,
      logger: { info: () => {}, error: () => {} } as never,
    });
    try {
      const status = await createDatabaseStatusService({ database, backups, clock }).getStatus();
      expect(status).toEqual({
        connected: false,
        kind: 'postgres',
        latencyMs: null,
        serverVersion: null,
        sizeBytes: null,
        backups: {
          configured: false,
          method: null,
          unavailableReason: 'BACKUP_DIR is not set.',
          lastSucceeded: null,
          recent: [],
        },
        checkedAt: '2026-03-02T10:00:00.000Z',
      });
    } finally {
      await database.close();
    }
  });
});
