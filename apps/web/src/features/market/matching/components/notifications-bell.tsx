import type { Notification } from '@app/shared/market/matching.schemas';
import { Bell, BellOff, RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { UnreadBadge } from '@/components/ui/unread-badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatRelativeAge } from '@/lib/format';
import { useNotificationUnreadCount } from '../api/get-notification-unread-count';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** The badge shows at most this ("99+"), like the messages badge. */
const BADGE_MAX = 99;

/**
 * The header's bell: the unread count, and on open the latest in-app notifications (new matches),
 * which are marked read as they are shown. Those new on opening keep their highlight until it closes.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unread = useNotificationUnreadCount(true).data?.count ?? 0;
  const list = useNotifications(open);
  const markRead = useMarkNotificationsRead();
  const { mutate } = markRead;

  useEffect(() => {
    if (!open || !list.data) return;
    const unreadIds = list.data.items.filter((n) => !n.readAt).map((n) => n.id);
    if (unreadIds.length === 0) return;
    setFresh((previous) => new Set([...previous, ...unreadIds]));
    // More unread than the list holds: the older ones are read by opening too.
    mutate(list.data.unreadCount > unreadIds.length ? { all: true } : { ids: unreadIds });
  }, [open, list.data, mutate]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const badge = unread > 0 ? (unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread)) : null;

  return (
    <DropdownMenu
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFresh(new Set());
      }}
    >
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className={cn('relative text-slate-700', className)}
              aria-label={label}
            >
              <Bell className="size-5" aria-hidden />
              {badge ? (
                <UnreadBadge
                  value={badge}
                  data-testid="notifications-unread-badge"
                  className="absolute top-0.5 left-5 ring-2 ring-background"
                />
              ) : null}
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent
        collisionPadding={12}
        className="w-[min(24rem,calc(100vw-1.5rem))] p-0"
        aria-label="Notifications"
      >
        <DropdownMenuLabel className="flex items-center justify-between border-b px-4 py-3">
          <span className="text-sm font-semibold text-foreground">Notifications</span>
          {fresh.size > 0 ? <span className="tabular">{fresh.size} new</span> : null}
        </DropdownMenuLabel>
        <div className="max-h-[min(60vh,28rem)] overflow-y-auto p-1">
          {list.isPending ? (
            <div aria-busy="true" className="grid gap-3 p-3">
              <span className="sr-only">Loading notifications</span>
              {[0, 1, 2].map((i) => (
                <div key={i} className="grid gap-1.5">
                  <Skeleton className="h-4 w-3/5" />
                  <Skeleton className="h-4 w-full" />
                </div>
              ))}
            </div>
          ) : list.isError ? (
            <>
              <p className="px-3 pt-3 pb-1 text-sm text-destructive">
                Your notifications could not be loaded.
              </p>
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  void list.refetch();
                }}
              >
                <RefreshCw aria-hidden />
                Try Again
              </DropdownMenuItem>
            </>
          ) : list.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
              <BellOff className="size-5" aria-hidden />
              <p>No notifications yet. New matches for your listings show up here.</p>
            </div>
          ) : (
            list.data.items.map((n) => (
              <NotificationItem key={n.id} notification={n} isNew={fresh.has(n.id)} />
            ))
          )}
        </div>
        <DropdownMenuSeparator className="my-0" />
        <div className="p-1">
          <DropdownMenuItem asChild>
            <Link to={`${paths.dashboard}#matches`} className="justify-center font-medium">
              <Sparkles aria-hidden />
              All matches for you
            </Link>
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NotificationItem({ notification: n, isNew }: { notification: Notification; isNew: boolean }) {
  const body = (
    <span className="grid min-w-0 flex-1 gap-0.5">
      <span className="flex items-center gap-2">
        {isNew ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden /> : null}
        <span className="truncate font-semibold">{n.title}</span>
        {isNew ? <span className="sr-only">(new)</span> : null}
      </span>
      <span className="line-clamp-2 text-[0.8125rem] text-muted-foreground">{n.body}</span>
      <span className="text-xs text-muted-foreground">{formatRelativeAge(n.createdAt)}</span>
    </span>
  );
  const itemClass = cn('items-start px-3 py-2.5', isNew && 'bg-primary-soft/60');
  if (!n.link) return <DropdownMenuItem className={itemClass}>{body}</DropdownMenuItem>;
  return (
    <DropdownMenuItem asChild className={itemClass}>
      <Link to={n.link}>{body}</Link>
    </DropdownMenuItem>
  );
}
