import { MailCheck, RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { parseApiError } from '@/lib/api-client';
import { formatRelativeAge } from '@/lib/format';
import {
  useBulkResendConfirmationEmails,
  useResendConfirmationEmail,
  useUnconfirmedUsers,
} from '../api/unconfirmed-users';

/** The server's message when it sent one, else the screen's own fallback. */
function messageOr(error: unknown, fallback: string) {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? fallback : apiError.message;
}

/** /admin/email and /admin/email-management: sign-ups that never confirmed, with Resend and Resend All. */
export function EmailManagement() {
  const users = useUnconfirmedUsers();
  const resend = useResendConfirmationEmail();
  const bulk = useBulkResendConfirmationEmails();
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const list = users.data ?? [];

  const resendOne = async (email: string) => {
    setSending((prev) => new Set(prev).add(email));
    try {
      await resend.mutateAsync(email);
      toast.success('Email Sent', { description: `Confirmation email resent to ${email}` });
    } catch (error) {
      toast.error(messageOr(error, 'Failed to resend email'));
    } finally {
      setSending((prev) => {
        const next = new Set(prev);
        next.delete(email);
        return next;
      });
    }
  };

  const resendAll = async () => {
    if (list.length === 0 || bulk.isPending) return;
    try {
      const result = await bulk.mutateAsync(list.map((u) => u.email));
      toast.success('Bulk Email Send Complete', {
        description: `${result.successful} emails sent successfully, ${result.failed} failed out of ${result.total} total.`,
      });
    } catch {
      toast.error('Failed to send bulk emails');
    }
  };

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {users.isPending ? (
          <Skeleton className="h-7 w-44" />
        ) : (
          <h2 className="text-lg font-semibold">{`${list.length} unconfirmed user${list.length === 1 ? '' : 's'}`}</h2>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void users.refetch()} disabled={users.isFetching}>
            {users.isFetching && !users.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
            Refresh
          </Button>
          <Button onClick={() => void resendAll()} disabled={bulk.isPending || list.length === 0}>
            {bulk.isPending ? <Spinner /> : <Send aria-hidden />}
            Resend All
          </Button>
        </div>
      </div>
      <UnconfirmedList
        users={users}
        sending={sending}
        bulkSending={bulk.isPending}
        onResend={(email) => void resendOne(email)}
      />
    </section>
  );
}

function UnconfirmedList({
  users,
  sending,
  bulkSending,
  onResend,
}: {
  users: ReturnType<typeof useUnconfirmedUsers>;
  sending: ReadonlySet<string>;
  bulkSending: boolean;
  onResend: (email: string) => void;
}) {
  if (users.isPending) return <UnconfirmedSkeleton />;
  if (users.isError)
    return (
      <EmptyState
        title={messageOr(users.error, 'Failed to load unconfirmed users')}
        action={<Button onClick={() => void users.refetch()}>Try Again</Button>}
      />
    );
  if (users.data.length === 0)
    return (
      <EmptyState
        icon={MailCheck}
        headingLevel={3}
        title="All Clear!"
        description="No users with unconfirmed email addresses found."
      />
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Signed Up</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.data.map((user) => {
          const busy = sending.has(user.email);
          return (
            <TableRow key={user.id}>
              <TableCell className="break-all font-medium">{user.email}</TableCell>
              <TableCell>
                <time dateTime={user.createdAt} title={new Date(user.createdAt).toLocaleString()}>
                  {formatRelativeAge(user.createdAt)}
                </time>
              </TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || bulkSending}
                  aria-label={`Resend confirmation email to ${user.email}`}
                  onClick={() => onResend(user.email)}
                >
                  {busy ? <Spinner /> : <Send aria-hidden />}
                  Resend
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function UnconfirmedSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
