import { MessageSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '../api/get-unread-count';

/** The badge shows at most this ("99+"). */
const BADGE_MAX = 99;

/** The navigation's Messages link with the unread total, for signed-in users. */
export function MessagesNavLink({ className }: { className?: string }) {
  const unread = useUnreadCount(true).data?.unreadTotal ?? 0;
  return (
    <NavLink
      to={paths.messages}
      className={({ isActive }) =>
        cn(
          'relative inline-flex h-10 items-center gap-2 rounded-md px-2.5 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isActive ? 'text-primary' : 'text-slate-700',
          className,
        )
      }
    >
      <MessageSquare className="size-5" aria-hidden />
      {/* The name reads "Messages, 3 unread"; narrow screens show the icon and the figure only. */}
      <span aria-hidden className="hidden lg:inline">
        Messages
      </span>
      {unread > 0 ? (
        <span
          aria-hidden
          data-testid="messages-unread-badge"
          className="tabular absolute -top-0.5 left-5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-5 font-semibold text-destructive-foreground ring-2 ring-background"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
      <span className="sr-only">{unread > 0 ? `Messages, ${unread} unread` : 'Messages'}</span>
    </NavLink>
  );
}
