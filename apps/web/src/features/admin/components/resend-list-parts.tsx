import { type LucideIcon, RefreshCw, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { parseApiError } from '@/lib/api-client';

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

/**
 * What a resend list shows instead of its table while it loads, when loading failed, or when it is
 * empty; null when the table should show.
 */
export function resendListState(
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
  opts: {
    loadFailed: string;
    isEmpty: boolean;
    empty: { icon: LucideIcon; title: string; description: string };
  },
): ReactNode | null {
  if (query.isPending)
    return (
      <div className="grid gap-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <EmptyState
        title={messageOr(query.error, opts.loadFailed)}
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      />
    );
  if (opts.isEmpty) return <EmptyState headingLevel={3} {...opts.empty} />;
  return null;
}

/** A row's Resend button: a spinner while its resend is in flight. */
export function ResendRowButton(props: {
  busy: boolean;
  disabled: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={props.busy || props.disabled}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.busy ? <Spinner /> : <Send aria-hidden />}
      Resend
    </Button>
  );
}
