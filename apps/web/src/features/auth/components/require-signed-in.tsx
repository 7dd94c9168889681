import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-client';

/** Screens the spec closes to visitors (/messages, /escrow-test): signed-out users go to the home page. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <div className="container-page grid grid-cols-1 gap-4 py-12" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-full max-w-xl" />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.home} replace />;
  return children;
}
