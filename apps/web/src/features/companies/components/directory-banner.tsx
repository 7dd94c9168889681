import { Crown, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { formatUsd } from '@/lib/format';
import { usePricing } from '@/lib/pricing';

/** The directory's messaging banner: "Premium Active", "Limited Messaging" with Upgrade, or "Sign In to Message". */
export function DirectoryBanner() {
  const { user, subscribed, loading } = useAuth();
  const dialog = useAuthDialog();
  const pricing = usePricing();

  if (loading) return <Skeleton className="h-[4.5rem] w-full rounded-lg" />;

  if (subscribed) {
    return (
      <Alert variant="success">
        <AlertTitle>Premium Active</AlertTitle>
        <AlertDescription>Message any company in the directory at no extra cost.</AlertDescription>
      </Alert>
    );
  }

  const fee = pricing.data ? formatUsd(pricing.data.contactFeeCents, { alwaysCents: true }) : null;
  const premium = pricing.data ? formatUsd(pricing.data.premium.monthlyCents) : null;

  if (user) {
    return (
      <Alert variant="warning">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <AlertTitle>Limited Messaging</AlertTitle>
            <AlertDescription>
              {fee
                ? `On the free plan, contacting a company costs a one-time ${fee} fee. Premium makes messaging free.`
                : 'On the free plan, contacting a company costs a one-time fee. Premium makes messaging free.'}
            </AlertDescription>
          </div>
          <Button asChild size="sm" className="self-start sm:self-auto">
            <Link to={paths.subscription}>
              <Crown aria-hidden />
              {premium ? `Upgrade (${premium}/mo)` : 'Upgrade'}
            </Link>
          </Button>
        </div>
      </Alert>
    );
  }

  return (
    <Alert variant="info">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <AlertTitle>Sign In to Message</AlertTitle>
          <AlertDescription>Sign in to contact the companies in the directory.</AlertDescription>
        </div>
        <Button size="sm" className="self-start sm:self-auto" onClick={() => dialog.open('signin')}>
          <LogIn aria-hidden />
          Sign In
        </Button>
      </div>
    </Alert>
  );
}
