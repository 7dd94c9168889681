import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatRelativeAge } from '@/lib/format';
import {
  type FailedEmail,
  useFailedEmails,
  useResendAllFailedEmails,
  useResendFailedEmail,
} from '../api/failed-emails';
import {
  messageOr,
  ResendListToolbar,
  ResendRowButton,
  resendListState,
  useSendingRows,
} from './resend-list-parts';

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
      <FailedList
        failed={failed}
        sending={sending}
        bulkSending={bulk.isPending}
        onResend={(email) => void resendOne(email)}
      />
    </section>
  );
}

function FailedList({
  failed,
  sending,
  bulkSending,
  onResend,
}: {
  failed: ReturnType<typeof useFailedEmails>;
  sending: ReadonlySet<string>;
  bulkSending: boolean;
  onResend: (email: FailedEmail) => void;
}) {
  const state = resendListState(failed, {
    loadFailed: 'Failed to load failed emails',
    isEmpty: failed.data?.emails.length === 0,
    empty: {
      icon: MailWarning,
      title: 'No Failed Emails',
      description: 'Every email was delivered or is still being retried.',
    },
  });
  if (state || !failed.data) return state;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>To</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Last Error</TableHead>
          <TableHead>Queued</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {failed.data.emails.map((email) => {
          const busy = sending.has(email.id);
          return (
            <TableRow key={email.id}>
              <TableCell className="break-all font-medium">{email.to}</TableCell>
              <TableCell>{email.subject}</TableCell>
              <TableCell className="max-w-xs text-sm text-muted-foreground">
                <span className="line-clamp-2" title={email.lastError ?? undefined}>
                  {email.lastError ?? '—'}
                </span>
                <span className="block text-xs">{`${email.attempts} attempts`}</span>
              </TableCell>
              <TableCell>
                <time dateTime={email.createdAt} title={new Date(email.createdAt).toLocaleString()}>
                  {formatRelativeAge(email.createdAt)}
                </time>
              </TableCell>
              <TableCell className="text-right">
                <ResendRowButton
                  busy={busy}
                  disabled={bulkSending}
                  label={`Resend "${email.subject}" to ${email.to}`}
                  onClick={() => onResend(email)}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
