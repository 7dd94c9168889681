import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound, UserRoundCog } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UnreadBadge } from '@/components/ui/unread-badge';
import { paths } from '@/config/paths';
import { DealsBridge } from '@/features/deals/components/deals-bridge';
import { MatchingBridge } from '@/features/market/matching/components/matching-bridge';
import { NotificationsBell } from '@/features/market/matching/components/notifications-bell';
import { MessagesNavLink, useMessagesUnread } from '@/features/messaging/components/messages-nav-link';
import { MessagingBridge } from '@/features/messaging/components/messaging-bridge';
import type { AuthState } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { messagesNavItem } from './nav-items';
import { useLogout } from './use-logout';

/**
 * What only a signed-in user's screens show around the page: the header's messages link and bell, the
 * Account menu, and the live messaging, deal and match events. Loaded once someone is signed in.
 */
export function SignedInHeaderIcons() {
  return (
    <>
      <MessagesNavLink />
      <NotificationsBell />
    </>
  );
}

export function SignedInBridges() {
  return (
    <>
      <MessagingBridge />
      <DealsBridge />
      <MatchingBridge />
    </>
  );
}

export function AccountMenu({ auth }: { auth: AuthState }) {
  const { logout, isPending } = useLogout();
  if (!auth.user) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <UserRound aria-hidden />
          Account
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="flex items-center gap-2">
            <span className="truncate font-medium text-foreground">{auth.user.fullName}</span>
            {auth.subscribed ? <Badge variant="success">Premium</Badge> : null}
          </span>
          <span className="block truncate">{auth.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.dashboard}>
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account}>
            <Settings aria-hidden />
            Account Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserRoundCog aria-hidden />
            Profile Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={isPending} onSelect={() => void logout()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The mobile menu's Messages entry: the label, and the unread total as a small badge. */
export function MobileMessagesLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const unread = useMessagesUnread();
  return (
    <NavLink to={messagesNavItem.to} className={(state) => cn(className(state), 'gap-2')}>
      <span aria-hidden>{messagesNavItem.label}</span>
      {unread.badge ? (
        <UnreadBadge value={unread.badge} data-testid="mobile-messages-unread-badge" className="ml-auto" />
      ) : null}
      <span className="sr-only">{unread.label}</span>
    </NavLink>
  );
}
