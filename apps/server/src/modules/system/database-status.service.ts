import type { DatabaseStatus } from '@app/shared/admin/admin-system.schemas';
import { type Database, rawQuery } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BackupsService } from './backups.service.ts';

/** A database that does not answer within this time counts as disconnected. */
const PING_TIMEOUT_MS = 2000;

export type DatabaseStatusService = ReturnType<typeof createDatabaseStatusService>;

export function createDatabaseStatusService(deps: {
  database: Database;
  backups: BackupsService;
  clock: Clock;
}) {
  const { database, backups, clock } = deps;

  /** Measured on each call; an unreachable database answers `connected: false`, never an error. */
  async function getStatus(): Promise<DatabaseStatus> {
    const checkedAt = clock.now().toISOString();
    const started = performance.now();
    try {
      await withTimeout(rawQuery(database, 'select 1'), PING_TIMEOUT_MS);
    } catch {
      return {
        connected: false,
        kind: database.kind,
        latencyMs: null,
        serverVersion: null,
        sizeBytes: null,
        backups: {
          ...(await withTimeout(backups.getAvailability(), PING_TIMEOUT_MS).catch(() => ({
            configured: false,
            method: null,
            unavailableReason: 'The database is unreachable.',
          }))),
          lastSucceeded: null,
          recent: [],
        },
        checkedAt,
      };
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const [[version], [size], summary] = await Promise.all([
      rawQuery<{ server_version: string }>(database, 'show server_version'),
      rawQuery<{ size: string | number }>(database, 'select pg_database_size(current_database()) as size'),
      backups.getSummary(),
    ]);
    return {
      connected: true,
      kind: database.kind,
      latencyMs,
      serverVersion: version?.server_version ?? null,
      sizeBytes: size ? Number(size.size) : null,
      backups: summary,
      checkedAt,
    };
  }

  return { getStatus };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
