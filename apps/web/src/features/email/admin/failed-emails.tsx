import { MailWarning } from 'lucide-react';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import {
  type FailedEmail,
  useFailedEmails,
  useResendAllFailedEmails,
  useResendFailedEmail,
} from '../api/failed-emails';
import { messageOr, RelativeTime, ResendListToolbar, ResendTable, useSendingRows } from './resend-list-parts';

/**
 * /admin/email-management: emails the outbox gave up on after a day of retries (SMTP down, mailbox
 * refused), with Resend and Resend All, which queue them again with a new retry window.
 */
export function FailedEmails() {
  const failed = useFailedEmails();
  const resend = useResendFailedEmail();
  const bulk = useResendAllFailedEmails();
  const { sending, track } = useSendingRows();
  const total = failed.data?.total ?? 0;

  const resendOne = (email: FailedEmail) =>
    track(email.id, async () => {
      try {
        await resend.mutateAsync(email.id);
        toast.success('Email Queued', {
          description: `"${email.subject}" will be sent again to ${email.to}`,
        });
      } catch (error) {
        toast.error(messageOr(error, 'Failed to resend email'));
      }
    });

  const resendAll = async () => {
    if (total === 0 || bulk.isPending) return;
    try {
      const { queued } = await bulk.mutateAsync();
      toast.success('Failed Emails Queued', {
        description: `${queued} email${queued === 1 ? '' : 's'} will be sent again.`,
      });
    } catch (error) {
      toast.error(messageOr(error, 'Failed to resend emails'));
    }
  };

  return (
    <section className="grid gap-6" aria-labelledby="failed-emails-heading">
      <ResendListToolbar
        heading={failed.isPending ? null : `${total} failed email${total === 1 ? '' : 's'}`}
        headingId="failed-emails-heading"
        fetching={failed.isFetching}
        onRefresh={() => void failed.refetch()}
        refreshLabel="Refresh failed emails"
        resendAllLabel="Resend All Failed"
        resendAllPending={bulk.isPending}
        nothingToResend={total === 0}
        onResendAll={() => void resendAll()}
      />
      <ResendTable
        query={failed}
        rows={failed.data?.emails}
        loadFailed="Failed to load failed emails"
        empty={{
          icon: MailWarning,
          title: 'No Failed Emails',
          description: 'Every email was delivered or is still being retried.',
        }}
        headings={['To', 'Subject', 'Last Error', 'Queued']}
        rowKey={(email) => email.id}
        cells={(email) => (
          <>
            <TableCell className="break-all font-medium">{email.to}</TableCell>
            <TableCell>{email.subject}</TableCell>
            <TableCell className="max-w-xs text-sm text-muted-foreground">
              <span className="line-clamp-2" title={email.lastError ?? undefined}>
                {email.lastError ?? '—'}
              </span>
              <span className="block text-xs">{`${email.attempts} attempts`}</span>
            </TableCell>
            <TableCell>
              <RelativeTime iso={email.createdAt} />
            </TableCell>
          </>
        )}
        resendLabel={(email) => `Resend "${email.subject}" to ${email.to}`}
        sending={sending}
        bulkSending={bulk.isPending}
        onResend={(email) => void resendOne(email)}
      />
    </section>
  );
}
