import { BadgeCheck, Building2, Clock, Plus, Settings2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { useMyCompanies } from '../api/get-my-companies';

const dismissalKey = (userId: string) => `recytrade:company-banner-dismissed:${userId}`;

/** Whether this user closed the "Create Your Company Profile" prompt; remembered in this browser. */
function useBannerDismissal(userId: string | undefined) {
  const read = () => {
    if (!userId) return false;
    try {
      return window.localStorage.getItem(dismissalKey(userId)) === '1';
    } catch {
      // Storage can be blocked (private modes); the prompt then simply shows again.
      return false;
    }
  };
  const [state, setState] = useState(() => ({ userId, dismissed: read() }));
  // Another user signing in on the same page reads their own choice.
  const dismissed = state.userId === userId ? state.dismissed : read();
  const dismiss = () => {
    if (!userId) return;
    try {
      window.localStorage.setItem(dismissalKey(userId), '1');
    } catch {
      // Still hidden for this visit.
    }
    setState({ userId, dismissed: true });
  };
  return [dismissed, dismiss] as const;
}

/**
 * The dashboard's (and directory's) company banner for signed-in users: a dismissible prompt to create a
 * company profile when they have none, otherwise their Verified and Pending counts with Manage and Add Company.
 */
export function CompanyProfileBanner({ className }: { className?: string }) {
  const { user } = useAuth();
  const companies = useMyCompanies(Boolean(user));
  const [dismissed, dismiss] = useBannerDismissal(user?.id);

  if (!user) return null;
  if (companies.isPending) {
    return (
      <div className={cn('rounded-card border p-5', className)} aria-busy="true">
        <span className="sr-only">Loading your company profiles</span>
        <div className="flex flex-wrap items-center gap-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-56 max-w-full" />
            <Skeleton className="h-4 w-80 max-w-full" />
          </div>
        </div>
      </div>
    );
  }
  // The banner is a shortcut, not the place to report a failed load: the settings page does that.
  if (companies.isError) return null;

  const items = companies.data.items;
  if (items.length === 0) {
    if (dismissed) return null;
    return (
      <Card
        role="region"
        aria-labelledby="company-banner-title"
        className={cn('relative border-primary/30 bg-primary-soft p-5 pr-12', className)}
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-background text-primary">
            <Building2 className="size-5" aria-hidden />
          </span>
          <div className="grid flex-1 gap-1">
            <h2 id="company-banner-title" className="text-base font-semibold">
              Create Your Company Profile
            </h2>
            <p className="text-sm text-muted-foreground">
              Add your company to the directory so buyers and sellers can find you and message you.
            </p>
          </div>
          <Button asChild className="self-start sm:self-center">
            <Link to={paths.addCompany}>
              <Plus aria-hidden />
              Create Company Profile
            </Link>
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={dismiss}
          aria-label="Dismiss company profile prompt"
          className="absolute top-2 right-2 size-8"
        >
          <X aria-hidden />
        </Button>
      </Card>
    );
  }

  const verified = items.filter((c) => c.verified).length;
  const pending = items.length - verified;
  return (
    <Card
      role="region"
      aria-labelledby="company-banner-title"
      className={cn('flex flex-col gap-4 p-5 md:flex-row md:items-center', className)}
    >
      <div className="flex flex-1 items-center gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Building2 className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1.5">
          <h2 id="company-banner-title" className="text-base font-semibold">
            Your Company Profiles
          </h2>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <div className="flex items-center gap-1.5">
              <BadgeCheck className="size-4 text-success" aria-hidden />
              <dt className="text-muted-foreground">Verified</dt>
              <dd className="font-semibold tabular-nums">{verified}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <Clock className="size-4 text-warning" aria-hidden />
              <dt className="text-muted-foreground">Pending</dt>
              <dd className="font-semibold tabular-nums">{pending}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to={paths.profileCompanies}>
            <Settings2 aria-hidden />
            Manage
          </Link>
        </Button>
        <Button asChild>
          <Link to={paths.addCompany}>
            <Plus aria-hidden />
            Add Company
          </Link>
        </Button>
      </div>
    </Card>
  );
}
