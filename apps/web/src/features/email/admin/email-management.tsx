import { MailCheck } from 'lucide-react';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import {
  useBulkResendConfirmationEmails,
  useResendConfirmationEmail,
  useUnconfirmedUsers,
} from '../api/unconfirmed-users';
import { messageOr, RelativeTime, ResendListToolbar, ResendTable, useSendingRows } from './resend-list-parts';

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
      <ResendTable
        query={users}
        rows={users.data}
        loadFailed="Failed to load unconfirmed users"
        empty={{
          icon: MailCheck,
          title: 'All Clear!',
          description: 'No users with unconfirmed email addresses found.',
        }}
        headings={['Email', 'Signed Up']}
        rowKey={(user) => user.email}
        cells={(user) => (
          <>
            <TableCell className="break-all font-medium">{user.email}</TableCell>
            <TableCell>
              <RelativeTime iso={user.createdAt} />
            </TableCell>
          </>
        )}
        resendLabel={(user) => `Resend confirmation email to ${user.email}`}
        sending={sending}
        bulkSending={bulk.isPending}
        onResend={(user) => void resendOne(user.email)}
      />
    </section>
  );
}
