import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ConnectionLostBanner } from '@/features/platform/components/connection-lost-banner';
import { MaintenanceBanner } from '@/features/platform/components/maintenance-banner';
import { useAuth } from '@/lib/auth-client';
import { usePlatformName, usePlatformStatus } from '@/lib/platform-status';
import { RouteSkeleton } from './route-skeleton';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useLogout } from './use-logout';
import { useRoutePending } from './use-route-pending';

// Shown only while the platform is in maintenance: fetched then, not with every first visit.
const MaintenancePage = lazy(() =>
  import('@/features/platform/components/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);
const SignedInBridges = lazy(() => import('./signed-in').then((m) => ({ default: m.SignedInBridges })));

/**
 * Every screen: skip link, top navigation, the one <main>, footer (and the live messaging and deal
 * events). While maintenance mode is on, visitors and traders get the maintenance page instead and
 * administrators get the app with a warning banner. While the server cannot answer, a retrying banner.
 * While the next screen's code loads, its skeleton stands in the main area under the header.
 */
export function AppLayout() {
  const auth = useAuth();
  const platform = usePlatformStatus();
  const name = usePlatformName();
  const { logout, isPending: signingOut } = useLogout();
  const routePending = useRoutePending();
  // Until the status answers (or when it cannot), the app behaves as open: the server refuses anyway.
  const maintenance = platform.data?.maintenanceMode === true;

  const loading = (
    <main
      id="main-content"
      className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner />
      <p>Loading...</p>
    </main>
  );
  if (maintenance && auth.loading) return loading;
  if (maintenance && !auth.isAdmin) {
    return (
      <Suspense fallback={loading}>
        <MaintenancePage name={name} onSignOut={() => void logout()} signingOut={signingOut} />
      </Suspense>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <ConnectionLostBanner />
      {maintenance ? <MaintenanceBanner name={name} /> : null}
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {routePending ? <RouteSkeleton /> : <Outlet />}
      </main>
      <SiteFooter />
      <ScrollRestoration />
      {auth.user ? (
        <Suspense fallback={null}>
          <SignedInBridges />
        </Suspense>
      ) : null}
    </div>
  );
}
