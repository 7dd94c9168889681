import { SYSTEM_MESSAGES } from '@app/shared/admin/admin-system.schemas';
import {
  BACKUP_FREQUENCY_LABELS,
  SETTING_DEFINITIONS as S,
  type SettingList,
} from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Database, DatabaseBackup, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatRelativeAge } from '@/lib/format';
import {
  type DatabaseBackup as Backup,
  type DatabaseStatus,
  useBackupProgress,
  useDatabaseStatus,
  useStartBackup,
} from '../api/system-database';
import { settingValue } from '../api/system-settings';
import { LastChanged, SaveButton, SettingsCard, useSaveSettings } from './system-card';

const DatabaseFormSchema = z.object({ backupFrequency: S['database.backup_frequency'].schema });
type DatabaseForm = z.infer<typeof DatabaseFormSchema>;

/** "12.4 MB" */
function formatBytes(bytes: number) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Database: live connection status, size, the last backup, the backup schedule and a manual backup. */
export function SystemDatabaseCard({ list }: { list: SettingList }) {
  const status = useDatabaseStatus();
  const form = useForm<DatabaseForm>({
    resolver: zodResolver(DatabaseFormSchema),
    values: { backupFrequency: settingValue(list, 'database.backup_frequency') },
  });
  const { save, isPending } = useSaveSettings(form, list, { 'database.backup_frequency': 'backupFrequency' });
  const onSubmit = form.handleSubmit(async (values) => {
    await save({ 'database.backup_frequency': values.backupFrequency });
  });
  const configured = status.data?.backups.configured;
  return (
    <SettingsCard
      icon={Database}
      title="Database"
      description="Connection, size and backups, measured when you open this page."
      onSubmit={onSubmit}
      footer={
        <>
          <LastChanged list={list} keys={['database.backup_frequency']} />
          <SaveButton label="Save Database Settings" busy={isPending} dirty={form.formState.isDirty} />
        </>
      }
    >
      {status.isPending ? (
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading database status">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : status.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>{parseApiError(status.error).message || 'Failed to load the database status'}</span>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <DatabaseFacts status={status.data} />
      )}
      <FormField
        label="Backup Frequency"
        error={form.formState.errors.backupFrequency?.message}
        hint={
          configured === false
            ? 'Scheduled backups run once backups are configured on the server.'
            : 'How often the scheduled backup runs.'
        }
      >
        <Select {...form.register('backupFrequency')}>
          {Object.entries(BACKUP_FREQUENCY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      {status.data ? <ManualBackup status={status.data} /> : null}
    </SettingsCard>
  );
}

function DatabaseFacts({ status }: { status: DatabaseStatus }) {
  const last = status.backups.lastSucceeded;
  const postgres = status.serverVersion ? `PostgreSQL ${status.serverVersion}` : 'PostgreSQL';
  const engine = status.kind === 'pglite' ? `PGlite, embedded ${postgres}` : postgres;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {status.connected ? (
          <Badge variant="success">
            <CheckCircle2 aria-hidden />
            Connected
          </Badge>
        ) : (
          <Badge variant="destructive">
            <XCircle aria-hidden />
            Disconnected
          </Badge>
        )}
        {status.latencyMs !== null ? (
          <span className="text-sm text-muted-foreground tabular-nums">
            {status.latencyMs < 1 ? '< 1' : Math.round(status.latencyMs)} ms round trip
          </span>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Server">{engine}</Fact>
        <Fact label="Size">{status.sizeBytes !== null ? formatBytes(status.sizeBytes) : 'Unknown'}</Fact>
      </dl>
      <p className="text-sm">
        <span className="text-muted-foreground">Last Backup: </span>
        {last ? (
          <time
            className="font-medium"
            dateTime={last.finishedAt ?? last.startedAt}
            title={new Date(last.finishedAt ?? last.startedAt).toLocaleString()}
          >
            {formatRelativeAge(last.finishedAt ?? last.startedAt)}
          </time>
        ) : (
          <span className="font-medium">No backup yet</span>
        )}
      </p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Runs a backup now and follows it until it ends; picks up one already running (another tab, a reload). */
function ManualBackup({ status }: { status: DatabaseStatus }) {
  const start = useStartBackup();
  const runningElsewhere = status.backups.recent.find((b) => b.status === 'running')?.id ?? null;
  const [followingId, setFollowingId] = useState<string | null>(null);
  const backupId = followingId ?? runningElsewhere;
  const progress = useBackupProgress(backupId);
  const backup = progress.data;
  const running = start.isPending || (backupId !== null && (!backup || backup.status === 'running'));
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!backup || backup.status === 'running' || announced.current === backup.id) return;
    announced.current = backup.id;
    // Only a backup this tab started gets a toast; one found running is shown in the card only.
    if (backup.id !== followingId) return;
    if (backup.status === 'succeeded') {
      toast.success(SYSTEM_MESSAGES.backupSucceeded, { description: backupSummary(backup) });
    } else {
      toast.error(SYSTEM_MESSAGES.backupFailed, { description: backup.error ?? undefined });
    }
  }, [backup, followingId]);

  const run = async () => {
    try {
      const started = await start.mutateAsync();
      announced.current = null;
      setFollowingId(started.id);
    } catch (error) {
      toast.error('Error', { description: parseApiError(error).message });
    }
  };

  const { configured, unavailableReason } = status.backups;
  return (
    <div className="grid gap-3 rounded-lg border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          onClick={() => void run()}
          disabled={!configured || running}
          aria-describedby={configured ? undefined : 'backup-unavailable'}
        >
          <DatabaseBackup aria-hidden />
          {running ? 'Backing up...' : 'Run Manual Backup'}
        </Button>
        {running ? (
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Backup running" />
            {SYSTEM_MESSAGES.backupStarted}; this page follows it.
          </span>
        ) : null}
      </div>
      {configured ? (
        backup && backup.status === 'failed' && !running ? (
          <p className="text-sm text-destructive" role="alert">
            {SYSTEM_MESSAGES.backupFailed}: {backup.error}
          </p>
        ) : backup && backup.status === 'succeeded' && !running ? (
          <p className="text-sm text-muted-foreground">
            {SYSTEM_MESSAGES.backupSucceeded}: {backupSummary(backup)}
          </p>
        ) : null
      ) : (
        <p id="backup-unavailable" className="text-sm text-muted-foreground">
          {unavailableReason ?? SYSTEM_MESSAGES.backupsNotConfigured}
        </p>
      )}
    </div>
  );
}

function backupSummary(backup: Backup) {
  const parts = [backup.fileName, backup.sizeBytes !== null ? formatBytes(backup.sizeBytes) : null];
  return parts.filter(Boolean).join(', ');
}
