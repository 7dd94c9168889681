import type { AdminReport } from '@app/shared/trust/trust.schemas';
import {
  REPORT_REASON_LABELS,
  type ReportAction,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from '@app/shared/trust/trust-rules';
import { Ban, EyeOff, Flag, MailWarning, ShieldAlert, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { type ReportQueueStatus, useAdminReports, useResolveReport } from '../api/admin-reports';

const TARGET_LABELS: Record<AdminReport['targetType'], string> = {
  listing: 'Listing',
  company: 'Company',
  message: 'Message',
  review: 'Review',
};

const RESOLUTION_LABELS: Record<NonNullable<AdminReport['resolution']>, string> = {
  dismissed: 'Dismissed',
  hidden: 'Item hidden',
  warned: 'User warned',
  suspended: 'User suspended',
};

/** The dialog of an action that needs a note, per action. */
const ACTION_DIALOGS: Record<
  Exclude<ReportAction, 'dismiss'>,
  { title: string; description: string; label: string; busy: string }
> = {
  hide: {
    title: 'Hide this item?',
    description:
      'The item disappears for everyone (a listing is rejected, a company removed). Its owner is told the reason.',
    label: 'Hide Item',
    busy: 'Hiding...',
  },
  warn: {
    title: 'Warn this user?',
    description: 'The user is emailed this warning. Every open report of the item is closed.',
    label: 'Send Warning',
    busy: 'Sending...',
  },
  suspend: {
    title: 'Suspend this user?',
    description:
      'The account is suspended at once: its sessions end and it cannot sign in. The reason is recorded.',
    label: 'Suspend User',
    busy: 'Suspending...',
  },
};

const STATUSES: { value: ReportQueueStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

function ReportContextView({ report }: { report: AdminReport }) {
  const context = report.context;
  if (!context) return <p className="text-sm text-muted-foreground">{TRUST_MESSAGES.itemGone}</p>;
  return (
    <div className="grid gap-2 text-sm">
      <p className="font-semibold">
        {context.link ? (
          <Link to={context.link} className="text-primary underline-offset-4 hover:underline">
            {context.title}
          </Link>
        ) : (
          context.title
        )}
        {context.hidden ? (
          <Badge variant="dark" className="ml-2 align-middle">
            Hidden
          </Badge>
        ) : null}
      </p>
      {context.details.length > 0 ? (
        <ul className="grid gap-0.5 text-muted-foreground">
          {context.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {context.body ? <p className="whitespace-pre-line break-words">{context.body}</p> : null}
      {context.excerpt.length > 0 ? (
        <ol
          className="grid gap-1.5 rounded-lg border bg-surface p-3"
          aria-label="The conversation around the message"
        >
          {context.excerpt.map((line) => (
            <li
              key={line.id}
              className={cn(
                'grid gap-0.5 rounded-md px-2 py-1',
                line.reported && 'border-l-4 border-warning bg-warning-soft',
              )}
            >
              <span className="text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{line.senderName}</span> ·{' '}
                {formatShortDate(line.createdAt)}
                {line.reported ? ' · reported' : ''}
                {line.fraudSignals.length > 0
                  ? ` · flagged: ${line.fraudSignals.join(', ').replaceAll('_', ' ')}`
                  : ''}
                {line.hidden ? ' · hidden' : ''}
              </span>
              <span className="whitespace-pre-wrap wrap-anywhere">{line.content}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {context.owner ? (
        <p className="text-muted-foreground">
          About <span className="font-medium text-foreground">{context.owner.name}</span> (
          {context.owner.email})
          {context.owner.suspended ? (
            <Badge variant="destructive" className="ml-2 align-middle">
              Suspended
            </Badge>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function ReportCard({
  report,
  onAction,
  busy,
}: {
  report: AdminReport;
  onAction: (action: ReportAction) => void;
  busy: boolean;
}) {
  const open = report.status === 'open';
  const reasonLabel = REPORT_REASON_LABELS[report.reason];
  const canActOnOwner = Boolean(report.context?.owner) && !report.context?.owner?.suspended;
  return (
    <Card className="grid gap-4 p-4 sm:p-5" role="article" aria-labelledby={`report-${report.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2
            id={`report-${report.id}`}
            className="flex flex-wrap items-center gap-2 text-base font-semibold"
          >
            <Flag className="size-4 text-muted-foreground" aria-hidden />
            {TARGET_LABELS[report.targetType]}: {reasonLabel}
          </h2>
          <p className="text-xs text-muted-foreground">
            {report.source === 'system'
              ? 'Filed by the platform'
              : `Reported by ${report.reporter?.name ?? 'a deleted user'}`}{' '}
            on {formatShortDate(report.createdAt)}
            {report.sameItemCount > 0
              ? ` · ${report.sameItemCount} other open ${report.sameItemCount === 1 ? 'report' : 'reports'} of this item`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {report.source === 'system' ? (
            <Badge variant="warning">
              <ShieldAlert aria-hidden />
              System
            </Badge>
          ) : null}
          {open ? (
            <Badge variant="info">Open</Badge>
          ) : (
            <Badge variant="secondary">
              {report.resolution ? RESOLUTION_LABELS[report.resolution] : 'Resolved'}
            </Badge>
          )}
        </div>
      </div>
      {report.note ? (
        <blockquote className="border-l-2 border-primary pl-3 text-sm whitespace-pre-line break-words">
          {report.note}
        </blockquote>
      ) : null}
      <ReportContextView report={report} />
      {open ? (
        <div className="flex flex-wrap gap-2 border-t pt-3">
          <Button size="sm" variant="outline" onClick={() => onAction('dismiss')} disabled={busy}>
            <X aria-hidden />
            Dismiss
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction('hide')}
            disabled={busy || !report.context || report.context.hidden}
          >
            <EyeOff aria-hidden />
            Hide Item
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction('warn')}
            disabled={busy || !canActOnOwner}
          >
            <MailWarning aria-hidden />
            Warn User
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onAction('suspend')}
            disabled={busy || !canActOnOwner}
          >
            <Ban aria-hidden />
            Suspend User
          </Button>
        </div>
      ) : (
        <p className="border-t pt-3 text-xs text-muted-foreground">
          {report.resolution ? RESOLUTION_LABELS[report.resolution] : 'Resolved'} by {report.resolvedByEmail}
          {report.resolvedAt ? ` on ${formatShortDate(report.resolvedAt)}` : ''}
          {report.resolutionNote ? `: ${report.resolutionNote}` : ''}
        </p>
      )}
    </Card>
  );
}

/** /admin/reports: the moderation queue, oldest open report first, with the item in context. */
export function ReportsQueue() {
  const [status, setStatus] = useState<ReportQueueStatus>('open');
  const [page, setPage] = useState(1);
  const reports = useAdminReports(status, page);
  const resolve = useResolveReport();
  const [pending, setPending] = useState<{
    report: AdminReport;
    action: Exclude<ReportAction, 'dismiss'>;
  } | null>(null);

  const run = async (report: AdminReport, action: ReportAction, note?: string) => {
    try {
      await resolve.mutateAsync({ id: report.id, action, note });
      toast.success(
        { dismiss: 'Report dismissed', hide: 'Item hidden', warn: 'Warning sent', suspend: 'User suspended' }[
          action
        ],
      );
      setPending(null);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };

  // A filter, not tabs: the same list below shows the reports of the status chosen.
  const header = (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Which reports</legend>
      {STATUSES.map((s) => (
        <Button
          key={s.value}
          size="sm"
          variant={status === s.value ? 'default' : 'outline'}
          aria-pressed={status === s.value}
          onClick={() => {
            setStatus(s.value);
            setPage(1);
          }}
        >
          {s.label}
        </Button>
      ))}
    </fieldset>
  );

  let body: ReactNode;
  if (reports.isPending) body = <ListSkeleton label="Loading reports" rows={3} itemClassName="h-40 w-full" />;
  else if (reports.isError)
    body = (
      <EmptyState
        title={TRUST_MESSAGES.loadFailed}
        description={parseApiError(reports.error).message}
        action={<Button onClick={() => void reports.refetch()}>Try Again</Button>}
      />
    );
  else if (reports.data.items.length === 0)
    body = (
      <EmptyState
        icon={Flag}
        title={status === 'open' ? 'No open reports' : 'No reports'}
        description="Reports from traders and the platform's own checks appear here."
      />
    );
  else {
    const { items, total, pageSize } = reports.data;
    body = (
      <>
        <p className="tabular text-sm text-muted-foreground">
          {total} {total === 1 ? 'report' : 'reports'}
        </p>
        <div className="grid gap-4">
          {items.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              busy={resolve.isPending}
              onAction={(action) =>
                action === 'dismiss' ? void run(report, 'dismiss') : setPending({ report, action })
              }
            />
          ))}
        </div>
        <Pagination
          page={page}
          pageCount={Math.max(1, Math.ceil(total / pageSize))}
          onPageChange={setPage}
          label="Report pages"
        />
      </>
    );
  }

  const dialog = pending ? ACTION_DIALOGS[pending.action] : ACTION_DIALOGS.hide;
  return (
    <div className="grid gap-4">
      {header}
      {body}
      <ReasonDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={dialog.title}
        description={dialog.description}
        fieldLabel="What the user is told"
        submitLabel={dialog.label}
        busyLabel={dialog.busy}
        isBusy={resolve.isPending}
        requiredMessage={TRUST_MESSAGES.resolutionNoteRequired}
        maxLength={TRUST_LIMITS.resolutionNoteMax}
        onSubmit={(note) => pending && void run(pending.report, pending.action, note)}
      />
    </div>
  );
}
