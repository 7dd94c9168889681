import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { useCheckAdmin } from '../api/check-admin';

const NON_ADMIN_REDIRECT_MS = 3000;

/** Where a signed-in non-admin is sent after 3 seconds, or null to stay on "Access Denied". */
export function nonAdminRedirectFor(pathname: string): { to: string; label: string } | null {
  const screen = pathname.replace(/\/+$/, '').split('/')[2] ?? '';
  if (screen === 'security' || screen === 'system') return null;
  if (screen === 'bulk-email') return { to: paths.admin, label: 'the admin dashboard' };
  return { to: paths.home, label: 'the home page' };
}

/**
 * Runs the server's admin check before any admin screen: visitors go home at once; signed-in
 * non-admins see "Access Denied" and, per screen, are sent home (or to /admin from bulk email) after
 * 3 seconds, or stay on the message (security and system).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, loading } = useAuth();
  const check = useCheckAdmin(user?.id);
  const denied = check.isError && isRuleRefusal(parseApiError(check.error));

  if (loading || (user && check.isPending)) {
    return (
      <div className="container-page flex items-center gap-3 py-16 text-muted-foreground">
        <Spinner />
        <p>Loading...</p>
      </div>
    );
  }
  if (!user) return <Navigate to={paths.home} replace />;
  if (denied) return <AccessDenied redirect={nonAdminRedirectFor(pathname)} />;
  if (check.isError) {
    return (
      <div className="container-page py-16">
        <EmptyState
          icon={ShieldAlert}
          headingLevel={1}
          title="Could not check your access"
          description="Recytrade could not confirm your administrator access. Check your connection and try again."
          action={<Button onClick={() => void check.refetch()}>Try Again</Button>}
        />
      </div>
    );
  }
  return children;
}

function AccessDenied({ redirect }: { redirect: { to: string; label: string } | null }) {
  const navigate = useNavigate();
  const to = redirect?.to;
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), NON_ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <div className="container-page py-16">
      <EmptyState
        icon={ShieldAlert}
        headingLevel={1}
        title="Access Denied"
        description={
          <>
            <p>You don't have permission to access this page.</p>
            {redirect ? <p className="mt-1">Taking you back to {redirect.label}…</p> : null}
          </>
        }
      />
    </div>
  );
}
