import { MessageSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { UnreadBadge } from '@/components/ui/unread-badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '../api/get-unread-count';

/** The badge shows at most this ("99+"). */
const BADGE_MAX = 99;

/**
 * The signed-in user's unread total as the navigation shows it: the figure for the badge
 * ("99+" past the cap, null when nothing is unread) and the link's accessible name.
 */
export function useMessagesUnread() {
  const total = useUnreadCount(true).data?.unreadTotal ?? 0;
  return {
    total,
    badge: total > 0 ? (total > BADGE_MAX ? `${BADGE_MAX}+` : String(total)) : null,
    label: total > 0 ? `Messages, ${total} unread` : 'Messages',
  };
}

/** The navigation's Messages link with the unread total, for signed-in users. */
export function MessagesNavLink({ className }: { className?: string }) {
  const unread = useMessagesUnread();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <NavLink
          to={paths.messages}
          // A plain string: the tooltip trigger merges class names as strings.
          className={cn(
            'relative inline-flex h-10 items-center gap-2 rounded-md px-2.5 text-sm font-medium text-slate-700 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:text-primary',
            className,
          )}
        >
          <MessageSquare className="size-5" aria-hidden />
          {/* The name reads "Messages, 3 unread". Phones, and xl screens where the links share the row, show the icon and the figure only. */}
          <span aria-hidden className="hidden lg:inline xl:hidden 2xl:inline">
            Messages
          </span>
          {unread.badge ? (
            <UnreadBadge
              value={unread.badge}
              data-testid="messages-unread-badge"
              className="absolute -top-0.5 left-5 ring-2 ring-background"
            />
          ) : null}
          <span className="sr-only">{unread.label}</span>
        </NavLink>
      </TooltipTrigger>
      <TooltipContent>{unread.label}</TooltipContent>
    </Tooltip>
  );
}
