import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatRelativeAge } from '@/lib/format';
import {
  useBulkResendConfirmationEmails,
  useResendConfirmationEmail,
  useUnconfirmedUsers,
} from '../api/unconfirmed-users';
import {
  messageOr,
  ResendListToolbar,
  ResendRowButton,
  resendListState,
  useSendingRows,
} from './resend-list-parts';

/** /admin/email and /admin/email-management: sign-ups that never confirmed, with Resend and Resend All. */
export function EmailManagement() {
  const users = useUnconfirmedUsers();
  const resend = useResendConfirmationEmail();
  const bulk = useBulkResendConfirmationEmails();
  const { sending, track } = useSendingRows();
  const list = users.data ?? [];

  const resendOne = (email: string) =>
    track(email, async () => {
      try {
        await resend.mutateAsync(email);
        toast.success('Email Sent', { description: `Confirmation email resent to ${email}` });
      } catch (error) {
        toast.error(messageOr(error, 'Failed to resend email'));
      }
    });

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
      <ResendListToolbar
        heading={users.isPending ? null : `${list.length} unconfirmed user${list.length === 1 ? '' : 's'}`}
        fetching={users.isFetching}
        onRefresh={() => void users.refetch()}
        resendAllLabel="Resend All"
        resendAllPending={bulk.isPending}
        nothingToResend={list.length === 0}
        onResendAll={() => void resendAll()}
      />
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
  const state = resendListState(users, {
    loadFailed: 'Failed to load unconfirmed users',
    isEmpty: users.data?.length === 0,
    empty: {
      icon: MailCheck,
      title: 'All Clear!',
      description: 'No users with unconfirmed email addresses found.',
    },
  });
  if (state || !users.data) return state;
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
                <ResendRowButton
                  busy={busy}
                  disabled={bulkSending}
                  label={`Resend confirmation email to ${user.email}`}
                  onClick={() => onResend(user.email)}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
