import { Gauge, History, KeyRound, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableCardField, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import {
  type ActiveSession,
  type SecurityOverview,
  useEndSession,
  useSecurityOverview,
} from '../api/security';

/**
 * /admin/security: failed sign-ins, live sessions, the rate limits in force, API keys (`apiKeys`, from
 * the public API feature, composed in by the route) and the audit log.
 */
export function SecuritySettings({ apiKeys }: { apiKeys: ReactNode }) {
  const [auditPage, setAuditPage] = useState(1);
  const overview = useSecurityOverview(auditPage);
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  const endSession = useEndSession();

  const confirmEnd = async () => {
    if (!ending) return;
    try {
      await endSession.mutateAsync(ending.id);
      toast.success('Session ended', { description: `${ending.email} is signed out on that device.` });
      setEnding(null);
    } catch (error) {
      toast.error(parseApiError(error).message || 'Failed to end the session');
    }
  };

  if (overview.isError)
    return (
      <EmptyState
        title={parseApiError(overview.error).message || 'Failed to load security settings'}
        action={<Button onClick={() => void overview.refetch()}>Try Again</Button>}
      />
    );
  const data = overview.data;
  return (
    <div className="grid gap-6">
      <Section
        icon={ShieldAlert}
        title="Failed Sign-ins"
        description="The most recent failed sign-in attempts."
      >
        {data ? <FailedSignIns items={data.failedSignIns} /> : <ListSkeleton />}
      </Section>
      <Section
        icon={MonitorSmartphone}
        title="Active Sessions"
        description="Signed-in sessions that have not expired."
      >
        {data ? <Sessions items={data.sessions} onEnd={setEnding} /> : <ListSkeleton />}
      </Section>
      <Section icon={Gauge} title="Rate Limits" description="The limits the server enforces now.">
        {data ? <RateLimits items={data.rateLimits} /> : <ListSkeleton rows={3} />}
      </Section>
      <Section
        icon={KeyRound}
        title="API Keys"
        description="Every user's keys to the public API: active and recently used first. Revoking one stops its tokens at once."
      >
        {apiKeys}
      </Section>
      <Section icon={History} title="Audit Log" description="Every administrative action, newest first.">
        {data ? (
          <>
            <AuditLog log={data.auditLog} />
            <Pagination
              className="mt-4"
              label="Audit log pages"
              page={data.auditLog.page}
              pageCount={Math.ceil(data.auditLog.total / data.auditLog.pageSize)}
              onPageChange={setAuditPage}
            />
          </>
        ) : (
          <ListSkeleton />
        )}
      </Section>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title="End this session?"
        description={
          ending ? `${ending.email} will be signed out on that device and must sign in again.` : ''
        }
        confirmLabel="End Session"
        busyLabel="Ending..."
        isBusy={endSession.isPending}
        onConfirm={() => void confirmEnd()}
      />
    </div>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof KeyRound;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function FailedSignIns({ items }: { items: SecurityOverview['failedSignIns'] }) {
  if (items.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title="No failed sign-ins"
        description="No failed sign-in attempts are on record."
      />
    );
  return (
    <ResponsiveTable
      switchAt="md"
      compactCards
      items={items}
      rowKey={(a) => a.id}
      head={
        <>
          <TableHead>Time</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>IP Address</TableHead>
        </>
      }
      row={(a) => (
        <TableRow>
          <TableCell>
            <DateTime iso={a.createdAt} />
          </TableCell>
          <TableCell className="break-all">{a.email}</TableCell>
          <TableCell className="font-mono">{a.ipAddress}</TableCell>
        </TableRow>
      )}
      card={(a) => (
        <>
          <span className="break-all font-medium">{a.email}</span>
          <TableCardField label="Time">
            <DateTime iso={a.createdAt} />
          </TableCardField>
          <TableCardField label="IP Address">{a.ipAddress}</TableCardField>
        </>
      )}
    />
  );
}

function Sessions({ items, onEnd }: { items: ActiveSession[]; onEnd: (s: ActiveSession) => void }) {
  if (items.length === 0)
    return (
      <EmptyState headingLevel={3} title="No active sessions" description="Nobody is signed in right now." />
    );
  const endButton = (s: ActiveSession) => (
    <Button size="sm" variant="outline" aria-label={`End session of ${s.email}`} onClick={() => onEnd(s)}>
      End Session
    </Button>
  );
  return (
    <ResponsiveTable
      switchAt="md"
      compactCards
      items={items}
      rowKey={(s) => s.id}
      head={
        <>
          <TableHead>User</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>IP Address / Device</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </>
      }
      row={(s) => (
        <TableRow>
          <TableCell className="break-all font-medium">{s.email}</TableCell>
          <TableCell>
            <DateTime iso={s.createdAt} />
          </TableCell>
          <TableCell>
            <DateTime iso={s.expiresAt} />
          </TableCell>
          <TableCell className="max-w-64">
            <div className="font-mono">{s.ipAddress ?? 'Unknown'}</div>
            <div className="truncate text-muted-foreground" title={s.userAgent ?? undefined}>
              {s.userAgent ?? 'Unknown device'}
            </div>
          </TableCell>
          <TableCell className="text-right">{endButton(s)}</TableCell>
        </TableRow>
      )}
      card={(s) => (
        <>
          <span className="break-all font-medium">{s.email}</span>
          <TableCardField label="Created">
            <DateTime iso={s.createdAt} />
          </TableCardField>
          <TableCardField label="Expires">
            <DateTime iso={s.expiresAt} />
          </TableCardField>
          <TableCardField label="IP Address">{s.ipAddress ?? 'Unknown'}</TableCardField>
          <TableCardField label="Device">{s.userAgent ?? 'Unknown device'}</TableCardField>
          <div className="pt-2">{endButton(s)}</div>
        </>
      )}
    />
  );
}

function RateLimits({ items }: { items: SecurityOverview['rateLimits'] }) {
  return (
    <ResponsiveTable
      switchAt="md"
      compactCards
      items={items}
      rowKey={(r) => r.name}
      head={
        <>
          <TableHead>Limit</TableHead>
          <TableHead>Allowed</TableHead>
          <TableHead>Applies To</TableHead>
        </>
      }
      row={(r) => (
        <TableRow>
          <TableCell className="font-medium">{r.name}</TableCell>
          <TableCell>{r.limit}</TableCell>
          <TableCell>{r.appliesTo}</TableCell>
        </TableRow>
      )}
      card={(r) => (
        <>
          <span className="font-medium">{r.name}</span>
          <TableCardField label="Allowed">{r.limit}</TableCardField>
          <TableCardField label="Applies to">{r.appliesTo}</TableCardField>
        </>
      )}
    />
  );
}

function AuditLog({ log }: { log: SecurityOverview['auditLog'] }) {
  if (log.items.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title="No admin actions yet"
        description="Administrative actions appear here."
      />
    );
  return (
    <ResponsiveTable
      switchAt="md"
      compactCards
      items={log.items}
      rowKey={(e) => e.id}
      head={
        <>
          <TableHead>Time</TableHead>
          <TableHead>Administrator</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
        </>
      }
      row={(e) => (
        <TableRow>
          <TableCell>
            <DateTime iso={e.createdAt} />
          </TableCell>
          <TableCell className="break-all">{e.actorEmail}</TableCell>
          <TableCell className="font-mono">{e.action}</TableCell>
          <TableCell className="break-all">
            {e.targetType} <span className="font-mono text-muted-foreground">{e.targetId}</span>
          </TableCell>
        </TableRow>
      )}
      card={(e) => (
        <>
          <span className="font-mono font-medium">{e.action}</span>
          <TableCardField label="Time">
            <DateTime iso={e.createdAt} />
          </TableCardField>
          <TableCardField label="Administrator">{e.actorEmail}</TableCardField>
          <TableCardField label="Target">{`${e.targetType} ${e.targetId}`}</TableCardField>
        </>
      )}
    />
  );
}
