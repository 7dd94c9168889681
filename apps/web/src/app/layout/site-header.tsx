import { LogIn, LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { type AuthState, useAuth, useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { Brand } from './brand';
import { accountNavItems, adminNavItem, type NavItem, publicNavItems, signedInNavItems } from './nav-items';
import { useLogout } from './use-logout';

// A visitor's first page carries none of the signed-in controls: they come in one chunk after sign-in.
const signedIn = () => import('./signed-in');
const SignedInHeaderIcons = lazy(() => signedIn().then((m) => ({ default: m.SignedInHeaderIcons })));
const AccountMenu = lazy(() => signedIn().then((m) => ({ default: m.AccountMenu })));
const MobileMessagesLink = lazy(() => signedIn().then((m) => ({ default: m.MobileMessagesLink })));

/** How many links fit beside the brand and the icons on a wide screen (the container is capped). */
const MAX_INLINE_NAV_ITEMS = 9;

function navItemsFor(auth: AuthState): NavItem[] {
  if (!auth.user) return publicNavItems;
  return [...publicNavItems, ...signedInNavItems, ...(auth.isAdmin ? [adminNavItem] : [])];
}

/**
 * Top bar. Wide screens (xl) show everything on one row; tablets put the links on a second row;
 * phones (< 768 px) collapse the links, account pages and Login/Logout into the menu.
 */
export function SiteHeader() {
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Any navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const items = navItemsFor(auth);
  // On wide screens the links sit beside the brand while they fit (a visitor's); a signed-in trader's
  // and an admin's longer lists get their own row rather than wrapping beside it.
  const inline = items.length <= MAX_INLINE_NAV_ITEMS;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div
        className={cn('container-page flex min-h-16 flex-wrap items-center gap-x-6', inline && 'xl:gap-x-4')}
      >
        <Brand className="py-3" />
        <nav
          aria-label="Main"
          className={cn('order-last hidden w-full md:block', inline && 'xl:order-none xl:w-auto xl:flex-1')}
        >
          <ul className={cn('-mx-3 flex flex-wrap items-center gap-x-1 pb-2', inline && 'xl:mx-0 xl:pb-0')}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                      inline && 'xl:px-2.5',
                      isActive ? 'text-primary' : 'text-slate-700',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {auth.user ? (
            <Suspense fallback={<Skeleton className="h-10 w-22" />}>
              <SignedInHeaderIcons />
            </Suspense>
          ) : null}
          <div className="hidden md:block">
            <AccountArea auth={auth} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen ? <MobileMenu auth={auth} items={items} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}

function AccountArea({ auth }: { auth: AuthState }) {
  const dialog = useAuthDialog();
  if (auth.loading) return <Skeleton className="h-10 w-28" />;
  if (!auth.user) {
    return (
      <Button onClick={() => dialog.open('signin')}>
        <LogIn aria-hidden />
        Login
      </Button>
    );
  }
  return (
    <Suspense fallback={<Skeleton className="h-10 w-28" />}>
      <AccountMenu auth={auth} />
    </Suspense>
  );
}

function MobileMenu({ auth, items, onClose }: { auth: AuthState; items: NavItem[]; onClose: () => void }) {
  const dialog = useAuthDialog();
  const { logout, isPending } = useLogout();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-11 items-center rounded-md px-3 text-base font-medium hover:bg-muted',
      isActive ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground',
    );
  return (
    <div id="mobile-menu" className="border-t bg-background md:hidden">
      <nav aria-label="Main" className="container-page py-3">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t pt-3">
          {auth.loading ? (
            <Skeleton className="h-11 w-full" />
          ) : auth.user ? (
            <>
              <p className="truncate px-3 pb-2 text-sm text-muted-foreground">
                Signed in as {auth.user.email}
              </p>
              <ul className="grid gap-1">
                <li>
                  <Suspense fallback={<Skeleton className="h-11 w-full" />}>
                    <MobileMessagesLink className={linkClass} />
                  </Suspense>
                </li>
                {accountNavItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={linkClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <Button
                variant="destructive"
                className="mt-3 w-full"
                onClick={() => void logout()}
                disabled={isPending}
              >
                <LogOut aria-hidden />
                Logout
              </Button>
            </>
          ) : (
            <Button
              className="w-full"
              onClick={() => {
                onClose();
                dialog.open('signin');
              }}
            >
              <LogIn aria-hidden />
              Login
            </Button>
          )}
        </div>
      </nav>
    </div>
  );
}
