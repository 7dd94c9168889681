import { API_MESSAGES } from '@app/shared/public-api/public-api.schemas';
import { Gauge, History, KeyRound, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ApiKeyPrefix, ApiKeyStatus, lastUsed } from '@/features/public-api/components/api-key-parts';
import { parseApiError } from '@/lib/api-client';
import { type AdminApiKey, useAdminApiKeys, useAdminRevokeApiKey } from '../api/admin-api-keys';
import {
  type ActiveSession,
  type SecurityOverview,
  useEndSession,
  useSecurityOverview,
} from '../api/security';

const when = (iso: string) => new Date(iso).toLocaleString();

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{when(iso)}</time>;
}

/** /admin/security: failed sign-ins, live sessions, the rate limits in force, API keys and the audit log. */
export function SecuritySettings() {
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
        <ApiKeys />
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

function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** A table from the md breakpoint, a list of cards below it. */
function Responsive({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <div className="hidden md:block">{table}</div>
      <ul className="grid gap-3 md:hidden">{cards}</ul>
    </>
  );
}

function MobileCard({ children }: { children: ReactNode }) {
  return <li className="grid gap-1 rounded-lg border p-3 text-sm">{children}</li>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <span className="text-muted-foreground">{label}:</span>
      <span className="break-all">{children}</span>
    </div>
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
    <Responsive
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>IP Address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((a) => (
              <TableRow key={a.id}>
                <TableCell>
                  <Time iso={a.createdAt} />
                </TableCell>
                <TableCell className="break-all">{a.email}</TableCell>
                <TableCell className="font-mono">{a.ipAddress}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={items.map((a) => (
        <MobileCard key={a.id}>
          <span className="break-all font-medium">{a.email}</span>
          <Field label="Time">
            <Time iso={a.createdAt} />
          </Field>
          <Field label="IP Address">{a.ipAddress}</Field>
        </MobileCard>
      ))}
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
    <Responsive
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead>IP Address / Device</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="break-all font-medium">{s.email}</TableCell>
                <TableCell>
                  <Time iso={s.createdAt} />
                </TableCell>
                <TableCell>
                  <Time iso={s.expiresAt} />
                </TableCell>
                <TableCell className="max-w-64">
                  <div className="font-mono">{s.ipAddress ?? 'Unknown'}</div>
                  <div className="truncate text-muted-foreground" title={s.userAgent ?? undefined}>
                    {s.userAgent ?? 'Unknown device'}
                  </div>
                </TableCell>
                <TableCell className="text-right">{endButton(s)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={items.map((s) => (
        <MobileCard key={s.id}>
          <span className="break-all font-medium">{s.email}</span>
          <Field label="Created">
            <Time iso={s.createdAt} />
          </Field>
          <Field label="Expires">
            <Time iso={s.expiresAt} />
          </Field>
          <Field label="IP Address">{s.ipAddress ?? 'Unknown'}</Field>
          <Field label="Device">{s.userAgent ?? 'Unknown device'}</Field>
          <div className="pt-2">{endButton(s)}</div>
        </MobileCard>
      ))}
    />
  );
}

function RateLimits({ items }: { items: SecurityOverview['rateLimits'] }) {
  return (
    <Responsive
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Limit</TableHead>
              <TableHead>Allowed</TableHead>
              <TableHead>Applies To</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((r) => (
              <TableRow key={r.name}>
                <TableCell className="font-medium">{r.name}</TableCell>
                <TableCell>{r.limit}</TableCell>
                <TableCell>{r.appliesTo}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={items.map((r) => (
        <MobileCard key={r.name}>
          <span className="font-medium">{r.name}</span>
          <Field label="Allowed">{r.limit}</Field>
          <Field label="Applies to">{r.appliesTo}</Field>
        </MobileCard>
      ))}
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
    <Responsive
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Administrator</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Target</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.items.map((e) => (
              <TableRow key={e.id}>
                <TableCell>
                  <Time iso={e.createdAt} />
                </TableCell>
                <TableCell className="break-all">{e.actorEmail}</TableCell>
                <TableCell className="font-mono">{e.action}</TableCell>
                <TableCell className="break-all">
                  {e.targetType} <span className="font-mono text-muted-foreground">{e.targetId}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={log.items.map((e) => (
        <MobileCard key={e.id}>
          <span className="font-mono font-medium">{e.action}</span>
          <Field label="Time">
            <Time iso={e.createdAt} />
          </Field>
          <Field label="Administrator">{e.actorEmail}</Field>
          <Field label="Target">{`${e.targetType} ${e.targetId}`}</Field>
        </MobileCard>
      ))}
    />
  );
}

/** Every user's API keys with their owners, and revocation by an administrator. */
function ApiKeys() {
  const [page, setPage] = useState(1);
  const keys = useAdminApiKeys(page);
  const revoke = useAdminRevokeApiKey();
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(API_MESSAGES.keyRevoked, {
        description: `${revoking.name} of ${revoking.owner.email} no longer works.`,
      });
      setRevoking(null);
    } catch (error) {
      toast.error(parseApiError(error).message || 'Failed to revoke the key');
    }
  };

  if (keys.isError)
    return (
      <EmptyState
        headingLevel={3}
        title={parseApiError(keys.error).message || 'Failed to load API keys'}
        action={<Button onClick={() => void keys.refetch()}>Try Again</Button>}
      />
    );
  if (!keys.data) return <ListSkeleton rows={3} />;
  const { items, activeCount, total, pageSize } = keys.data;
  if (items.length === 0)
    return (
      <EmptyState headingLevel={3} title="No API keys" description="No user has created an API key yet." />
    );
  const status = (k: AdminApiKey) => <ApiKeyStatus apiKey={k} />;
  const revokeButton = (k: AdminApiKey) =>
    k.revokedAt ? null : (
      <Button
        size="sm"
        variant="outline"
        aria-label={`Revoke ${k.name} of ${k.owner.email}`}
        onClick={() => setRevoking(k)}
      >
        Revoke
      </Button>
    );
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        {activeCount} active of {total} {total === 1 ? 'key' : 'keys'}
      </p>
      <Responsive
        table={
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Owner</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Status</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((k) => (
                <TableRow key={k.id}>
                  <TableCell className="max-w-64">
                    <div className="break-all font-medium">{k.owner.email}</div>
                    <div className="text-muted-foreground">{k.owner.company ?? k.owner.name}</div>
                  </TableCell>
                  <TableCell>
                    <div className="font-medium wrap-anywhere">{k.name}</div>
                    <ApiKeyPrefix apiKey={k} />
                  </TableCell>
                  <TableCell>
                    <Time iso={k.createdAt} />
                  </TableCell>
                  <TableCell>{lastUsed(k)}</TableCell>
                  <TableCell>{status(k)}</TableCell>
                  <TableCell className="text-right">{revokeButton(k)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
        cards={items.map((k) => (
          <MobileCard key={k.id}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium wrap-anywhere">{k.name}</span>
              {status(k)}
            </div>
            <Field label="Owner">{k.owner.email}</Field>
            <Field label="Key">
              <ApiKeyPrefix apiKey={k} />
            </Field>
            <Field label="Created">
              <Time iso={k.createdAt} />
            </Field>
            <Field label="Last used">{lastUsed(k)}</Field>
            {k.revokedAt ? null : <div className="pt-2">{revokeButton(k)}</div>}
          </MobileCard>
        ))}
      />
      <Pagination
        className="mt-4"
        label="API key pages"
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this API key?"
        description={
          revoking
            ? `${revoking.name} (${revoking.prefix}…) of ${revoking.owner.email} and every token issued for it stop working at once. The owner can create a new key.`
            : ''
        }
        confirmLabel="Revoke Key"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </>
  );
}
