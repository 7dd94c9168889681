import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { useCheckAdmin } from '../api/check-admin';

const NON_ADMIN_REDIRECT_MS = 3000;

/**
 * Runs the server's admin check before any admin screen: visitors go home at once, signed-in
 * non-admins see "Access Denied" and go home after 3 seconds.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const check = useCheckAdmin(user?.id);
  const denied = check.isError && check.error instanceof ApiRequestError && check.error.status < 500;

  if (loading || (user && check.isPending)) {
    return (
      <div className="container-page flex items-center gap-3 py-16 text-muted-foreground">
        <Spinner />
        <p>Loading...</p>
      </div>
    );
  }
  if (!user) return <Navigate to={paths.home} replace />;
  if (denied) return <AccessDenied />;
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

function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), NON_ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="container-page py-16">
      <EmptyState
        icon={ShieldAlert}
        headingLevel={1}
        title="Access Denied"
        description={
          <>
            <p>You don't have permission to access this page.</p>
            <p className="mt-1">Taking you back to the home page…</p>
          </>
        }
      />
    </div>
  );
}
