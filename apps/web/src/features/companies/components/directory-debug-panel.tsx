import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { RealtimeConnectionState } from '@/lib/realtime-client';
import type { DirectoryFilters } from '../api/company-keys';
import { DIRECTORY_FALLBACK_POLL_MS, type DirectoryLiveEvent } from '../hooks/use-live-directory';

type DirectoryDebugPanelProps = {
  id: string;
  filters: DirectoryFilters;
  loaded: number;
  total: number;
  dataUpdatedAt: number;
  connection: RealtimeConnectionState;
  polling: boolean;
  recentEvents: DirectoryLiveEvent[];
};

const time = (ms: number) => new Date(ms).toLocaleTimeString();

/** What the directory is showing and how it stays current, for support and troubleshooting. */
export function DirectoryDebugPanel({
  id,
  filters,
  loaded,
  total,
  dataUpdatedAt,
  connection,
  polling,
  recentEvents,
}: DirectoryDebugPanelProps) {
  const active = Object.entries(filters).filter(
    ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
  const rows: [string, string | string[]][] = [
    ['Loaded', `${loaded} of ${total} companies`],
    ['Last refresh', dataUpdatedAt ? time(dataUpdatedAt) : 'Not loaded yet'],
    ['Realtime connection', connection],
    ['Fallback polling', polling ? `Active (every ${DIRECTORY_FALLBACK_POLL_MS / 1000} s)` : 'Off'],
    [
      'Recent live events',
      recentEvents.length
        ? recentEvents.map((e) => `${e.change} ${e.companyId} at ${time(e.receivedAt)}`)
        : 'None yet',
    ],
  ];

  return (
    <Card id={id} className="border-dashed">
      <CardHeader>
        <CardTitle as="h2">Diagnostics</CardTitle>
        <CardDescription>How the directory is loaded and kept up to date.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="min-w-0">
          <h3 className="text-sm font-medium">Active filters</h3>
          {active.length ? (
            <ul className="mt-2 grid gap-1 rounded-md bg-muted p-3 font-mono text-xs">
              {active.map(([key, value]) => (
                <li key={key} className="break-words">
                  {key}: {JSON.stringify(value)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">None</p>
          )}
        </div>
        <dl className="grid content-start gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-all font-mono text-xs leading-5">
                {Array.isArray(value)
                  ? value.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))
                  : value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
