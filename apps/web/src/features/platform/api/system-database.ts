import type {
  DatabaseBackup,
  DatabaseBackupResponse,
  DatabaseStatus,
} from '@app/shared/admin/admin-system.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { DatabaseBackup, DatabaseStatus } from '@app/shared/admin/admin-system.schemas';

export const databaseStatusKey = ['admin', 'system', 'database'] as const;

export async function getDatabaseStatus(signal?: AbortSignal): Promise<DatabaseStatus> {
  return api.get<DatabaseStatus>('/api/admin/system/database', { signal });
}

export const databaseStatusQueryOptions = () =>
  queryOptions({
    queryKey: databaseStatusKey,
    queryFn: ({ signal }) => getDatabaseStatus(signal),
    // Measured on each call: a fresh reading whenever the admin comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** GET /api/admin/system/database: connection, latency, version, size and the backups. */
export const useDatabaseStatus = () => useQuery(databaseStatusQueryOptions());

/** POST /api/admin/system/backups: 202 with the backup, still running; the work happens in a job. */
export function useStartBackup() {
  return useMutation({
    mutationFn: async (): Promise<DatabaseBackup> =>
      (await api.post<DatabaseBackupResponse>('/api/admin/system/backups', {})).backup,
  });
}

const BACKUP_POLL_MS = 1000;

/** GET /api/admin/system/backups/:id every second while the backup runs; idle without an id. */
export function useBackupProgress(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'system', 'backups', id],
    queryFn: async ({ signal }) => {
      const { backup } = await api.get<DatabaseBackupResponse>(
        `/api/admin/system/backups/${encodeURIComponent(id ?? '')}`,
        { signal },
      );
      if (backup.status !== 'running') void queryClient.invalidateQueries({ queryKey: databaseStatusKey });
      return backup;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? BACKUP_POLL_MS : false),
    staleTime: 0,
  });
}
