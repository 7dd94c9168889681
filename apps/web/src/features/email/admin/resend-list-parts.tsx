import { type LucideIcon, RefreshCw, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { parseApiError } from '@/lib/api-client';
import { formatRelativeAge } from '@/lib/format';

/** The rows whose Resend is in flight: `track(key, send)` marks the row busy while `send` runs. */
export function useSendingRows() {
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const track = async (key: string, send: () => Promise<void>) => {
    setSending((prev) => new Set(prev).add(key));
    try {
      await send();
    } finally {
      setSending((prev) => {
        const next = new Set(prev);
        next.delete(key);
        return next;
      });
    }
  };
  return { sending, track };
}

/** A resend list's heading (its count) with Refresh and a Resend All button. */
export function ResendListToolbar(props: {
  heading: string | null;
  headingId?: string;
  fetching: boolean;
  onRefresh: () => void;
  refreshLabel?: string;
  resendAllLabel: string;
  resendAllPending: boolean;
  nothingToResend: boolean;
  onResendAll: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {props.heading === null ? (
        <Skeleton className="h-7 w-44" />
      ) : (
        <h2 id={props.headingId} className="text-lg font-semibold">
          {props.heading}
        </h2>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          aria-label={props.refreshLabel}
          onClick={props.onRefresh}
          disabled={props.fetching}
        >
          {props.fetching && props.heading !== null ? <Spinner /> : <RefreshCw aria-hidden />}
          Refresh
        </Button>
        <Button onClick={props.onResendAll} disabled={props.resendAllPending || props.nothingToResend}>
          {props.resendAllPending ? <Spinner /> : <Send aria-hidden />}
          {props.resendAllLabel}
        </Button>
      </div>
    </div>
  );
}

/** The server's message when it sent one, else the screen's own fallback. */
export function messageOr(error: unknown, fallback: string) {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? fallback : apiError.message;
}

/** A resend list's table, or what it shows instead while loading, on a load error, or when empty. */
export function ResendTable<T>(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  rows: T[] | undefined;
  loadFailed: string;
  empty: { icon: LucideIcon; title: string; description: string };
  /** The column headings before Actions. */
  headings: string[];
  rowKey: (row: T) => string;
  /** The row's cells before its Resend button, one per heading. */
  cells: (row: T) => ReactNode;
  resendLabel: (row: T) => string;
  sending: ReadonlySet<string>;
  bulkSending: boolean;
  onResend: (row: T) => void;
}) {
  const { query, rows } = props;
  if (query.isPending)
    return <ListSkeleton label={null} rows={3} className="grid gap-3" itemClassName="h-12 w-full" />;
  if (query.isError || !rows)
    return (
      <EmptyState
        title={messageOr(query.error, props.loadFailed)}
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      />
    );
  if (rows.length === 0) return <EmptyState headingLevel={3} {...props.empty} />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {props.headings.map((h) => (
            <TableHead key={h}>{h}</TableHead>
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const key = props.rowKey(row);
          const busy = props.sending.has(key);
          return (
            <TableRow key={key}>
              {props.cells(row)}
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || props.bulkSending}
                  aria-label={props.resendLabel(row)}
                  onClick={() => props.onResend(row)}
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

/** A time as "2 hours ago", with the full date and time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {formatRelativeAge(iso)}
    </time>
  );
}
