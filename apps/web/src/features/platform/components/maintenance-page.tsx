import { PLATFORM_MESSAGES } from '@app/shared/settings/platform-messages';
import { Construction, LogIn, LogOut, Recycle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { usePlatformStatus } from '@/lib/platform-status';

type MaintenancePageProps = {
  name: string;
  /** Signs a signed-in trader out, so an administrator can sign in on this device. */
  onSignOut: () => void;
  signingOut: boolean;
};

/**
 * What visitors and traders see instead of every screen while maintenance mode is on. Administrators
 * never see it: signing in here as one brings the whole app back.
 */
export function MaintenancePage({ name, onSignOut, signingOut }: MaintenancePageProps) {
  const { user } = useAuth();
  const authDialog = useAuthDialog();
  const status = usePlatformStatus();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b bg-background">
        <div className="container-page flex min-h-16 items-center">
          <p className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Recycle className="size-5" aria-hidden />
            </span>
            <span className="truncate">{name}</span>
          </p>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center outline-none">
        <div className="container-page py-12">
          <div className="mx-auto max-w-xl rounded-card border bg-card p-8 text-center shadow-card sm:p-10">
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
              <Construction className="size-7" aria-hidden />
            </div>
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              Down for maintenance
            </h1>
            <p className="mt-4 text-muted-foreground">{PLATFORM_MESSAGES.maintenance(name)}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Button variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
                <RefreshCw aria-hidden className={status.isFetching ? 'animate-spin' : undefined} />
                {status.isFetching ? 'Checking...' : 'Check Again'}
              </Button>
              {user ? null : (
                <Button onClick={() => authDialog.open('signin')}>
                  <LogIn aria-hidden />
                  Administrator Sign In
                </Button>
              )}
            </div>
            {user ? (
              <div className="mt-8 border-t pt-6 text-sm text-muted-foreground">
                <p>
                  You are signed in as <span className="font-medium text-foreground">{user.email}</span>. Only
                  administrators can use {name} during maintenance.
                </p>
                <Button variant="link" className="mt-2" onClick={onSignOut} disabled={signingOut}>
                  <LogOut aria-hidden />
                  {signingOut ? 'Signing out...' : 'Sign out to use another account'}
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      </main>
    </div>
  );
}
