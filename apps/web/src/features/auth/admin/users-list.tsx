import { ADMIN_USERS_MESSAGES as M, SuspendUserBodySchema } from '@app/shared/admin/admin-users.schemas';
import { Check, Copy, RotateCcw, Users, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatShortDate } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useStepBackWhenEmpty } from '@/lib/use-step-back-when-empty';
import {
  type AdminUser,
  type AdminUserStatus,
  useAdminUsers,
  useReinstateUser,
  useSuspendUser,
} from '../api/admin-users';

const serverMessage = (error: unknown, fallback: string) => {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' ? fallback : apiError.message;
};

const parseSuspendReason = (reason: string) => SuspendUserBodySchema.safeParse({ reason }).data?.reason;

type RowActions = {
  selfId: string | undefined;
  onSuspend: (user: AdminUser) => void;
  onReinstate: (user: AdminUser) => void;
  reinstatingId: string | undefined;
};

/** All users (searchable) or the suspended ones, 25 a page, with Suspend and Reinstate. */
export function UsersList({ status }: { status: AdminUserStatus }) {
  const [query, setQuery] = useState<string | undefined>();
  const [search, setSearch] = useDebouncedSearch(query, (q) => {
    setQuery(q);
    setPage(1);
  });
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ q: query ?? '', status, page });
  const { user: self } = useAuth();
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  useStepBackWhenEmpty(users.data?.items.length, page, setPage);

  const onReinstate = async (user: AdminUser) => {
    if (reinstate.isPending) return;
    try {
      await reinstate.mutateAsync(user.id);
      toast.success(M.userReinstated);
    } catch (error) {
      toast.error(serverMessage(error, M.reinstateFailed));
    }
  };

  const submitSuspend = async (reason: string) => {
    if (!suspending) return;
    try {
      await suspend.mutateAsync({ id: suspending.id, reason });
      toast.success(M.userSuspended);
      setSuspending(null);
    } catch (error) {
      toast.error(serverMessage(error, M.suspendFailed));
    }
  };

  const actions: RowActions = {
    selfId: self?.id,
    onSuspend: setSuspending,
    onReinstate: (user) => void onReinstate(user),
    reinstatingId: reinstate.isPending ? reinstate.variables : undefined,
  };

  return (
    <div className="grid gap-4">
      {status === 'all' ? (
        <div className="max-w-md">
          <SearchInput
            id="admin-users-search"
            label="Search users by email, name or company"
            placeholder="Search by email, name or company"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      ) : null}
      <UsersResults
        users={users}
        status={status}
        query={query}
        actions={actions}
        page={page}
        setPage={setPage}
      />
      <ReasonDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title="Suspend user"
        description={
          <>{suspending?.email} will be signed out everywhere at once and cannot sign in until reinstated.</>
        }
        fieldLabel="Reason for suspension"
        submitLabel="Suspend User"
        busyLabel="Suspending..."
        isBusy={suspend.isPending}
        requiredMessage={M.reasonRequired}
        parseReason={parseSuspendReason}
        onSubmit={(reason) => void submitSuspend(reason)}
      />
    </div>
  );
}

function UsersResults({
  users,
  status,
  query,
  actions,
  page,
  setPage,
}: {
  users: ReturnType<typeof useAdminUsers>;
  status: AdminUserStatus;
  query: string | undefined;
  actions: RowActions;
  page: number;
  setPage: (page: number) => void;
}) {
  if (users.isPending) return <UsersSkeleton />;
  if (users.isError) {
    return (
      <EmptyState
        title={M.loadUsersFailed}
        description={serverMessage(users.error, M.loadUsersFailed)}
        action={<Button onClick={() => void users.refetch()}>Try Again</Button>}
      />
    );
  }
  if (users.data.items.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={status === 'suspended' ? 'No suspended users' : query ? 'No users found' : 'No users yet'}
        description={
          status === 'suspended'
            ? 'Users you suspend are listed here with the reason, until you reinstate them.'
            : query
              ? 'Try another email, name or company.'
              : 'Users appear here as soon as they sign up.'
        }
      />
    );
  }
  const { items, total, pageSize } = users.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const noun = total === 1 ? 'user' : 'users';
  return (
    <>
      <p className="tabular text-sm text-muted-foreground">
        {status === 'suspended' ? `${total} suspended ${noun}` : `${total} ${noun}`}
      </p>
      <ResponsiveTable
        items={items}
        rowKey={(user) => user.id}
        head={
          <>
            <TableHead>ID</TableHead>
            <TableHead>User</TableHead>
            <TableHead>Company</TableHead>
            {status === 'suspended' ? (
              <TableHead>Suspension</TableHead>
            ) : (
              <>
                <TableHead>Confirmed</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last sign-in</TableHead>
              </>
            )}
            <TableActionsHead />
          </>
        }
        row={(user) => (
          <TableRow className="align-top">
            <TableCell className="align-top">
              <UserId id={user.id} />
            </TableCell>
            <TableCell className="min-w-56 align-top">
              <UserIdentity user={user} />
            </TableCell>
            <TableCell className="min-w-36 align-top text-[0.8125rem]">{companyLabel(user)}</TableCell>
            {status === 'suspended' ? (
              <TableCell className="min-w-56 align-top text-[0.8125rem]">
                <SuspensionRecord user={user} />
              </TableCell>
            ) : (
              <>
                <TableCell className="tabular align-top whitespace-nowrap text-[0.8125rem]">
                  {dateOr(user.emailConfirmedAt, 'Not confirmed')}
                </TableCell>
                <TableCell className="tabular align-top whitespace-nowrap text-[0.8125rem]">
                  {formatShortDate(user.createdAt)}
                </TableCell>
                <TableCell className="tabular align-top whitespace-nowrap text-[0.8125rem]">
                  {dateOr(user.lastSignInAt, 'Never')}
                </TableCell>
              </>
            )}
            <TableCell className="align-top">
              <UserActions user={user} actions={actions} className="flex justify-end gap-2" />
            </TableCell>
          </TableRow>
        )}
        card={(user) => (
          <>
            <UserCard user={user} actions={actions} />
          </>
        )}
      />
      <Pagination
        className="mt-2"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="User pages"
      />
    </>
  );
}

const dateOr = (iso: string | null, fallback: string) => (iso ? formatShortDate(iso) : fallback);

function companyLabel(user: AdminUser) {
  const names = [...new Set([...user.companyNames, ...(user.company ? [user.company] : [])])];
  return names.length > 0 ? names.join(', ') : '—';
}

function UserIdentity({ user }: { user: AdminUser }) {
  return (
    <div className="grid gap-0.5">
      <p className="flex flex-wrap items-center gap-2 font-medium break-all">
        {user.email}
        {user.isAdmin ? <Badge variant="info">Admin</Badge> : null}
        {user.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
      </p>
      <p className="text-[0.8125rem] text-muted-foreground">{user.fullName || '—'}</p>
    </div>
  );
}

function SuspensionRecord({ user }: { user: AdminUser }) {
  if (!user.suspendedAt) return null;
  return (
    <div className="grid gap-0.5">
      <p className="tabular text-muted-foreground">Suspended {formatShortDate(user.suspendedAt)}</p>
      <p className="break-words">{user.suspendedReason}</p>
    </div>
  );
}

/** The first 8 characters of the id, with a button that copies the whole id. */
function UserId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      toast.success('User ID copied');
    } catch {
      toast.error('Could not copy the user ID');
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap" title={id}>
        {id.slice(0, 8)}
      </code>
      <Button
        variant="ghost"
        size="sm"
        className="size-8 px-0"
        onClick={() => void copy()}
        aria-label={copied ? `User ID ${id} copied` : `Copy user ID ${id}`}
      >
        {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </span>
  );
}

function UserActions({
  user,
  actions,
  className,
}: {
  user: AdminUser;
  actions: RowActions;
  className?: string;
}) {
  if (user.suspendedAt) {
    return (
      <div className={className}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => actions.onReinstate(user)}
          disabled={actions.reinstatingId !== undefined}
          aria-label={`Reinstate ${user.email}`}
        >
          <RotateCcw aria-hidden />
          {actions.reinstatingId === user.id ? 'Reinstating...' : 'Reinstate'}
        </Button>
      </div>
    );
  }
  // Administrators (and oneself) cannot be suspended; the server refuses it too.
  if (user.isAdmin || user.id === actions.selfId) return null;
  return (
    <div className={className}>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive hover:bg-destructive-soft"
        onClick={() => actions.onSuspend(user)}
        aria-label={`Suspend ${user.email}`}
      >
        <UserX aria-hidden />
        Suspend
      </Button>
    </div>
  );
}

function UserCard({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const facts: [string, string][] = [
    ['Name', user.fullName || '—'],
    ['Company', companyLabel(user)],
    ['Confirmed', dateOr(user.emailConfirmedAt, 'Not confirmed')],
    ['Created', formatShortDate(user.createdAt)],
    ['Last sign-in', dateOr(user.lastSignInAt, 'Never')],
  ];
  return (
    <Card className="grid gap-3 p-4">
      <UserIdentity user={user} />
      <UserId id={user.id} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {user.suspendedAt ? (
        <div className="text-sm">
          <SuspensionRecord user={user} />
        </div>
      ) : null}
      <UserActions user={user} actions={actions} className="flex flex-wrap gap-2" />
    </Card>
  );
}

function UsersSkeleton() {
  return (
    <ListSkeleton
      label="Loading users"
      labelAsText
      rows={5}
      className="grid gap-3"
      itemClassName="h-16 w-full rounded-card"
    >
      <Skeleton className="mb-1 h-5 w-32" />
    </ListSkeleton>
  );
}
