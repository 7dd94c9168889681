import type { ListingUsage } from '@app/shared/listings/listings.schemas';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatUtcDate } from '@/lib/format';

/** At this many listings in the month, the counter turns to the warning colour and offers the upgrade. */
const WARN_AT = 3;

/** The free-plan counter of the create form: "n/5 listings used this month", or "Unlimited listings". */
export function ListingUsageBanner({ usage }: { usage: ListingUsage }) {
  if (usage.limit === null) {
    return (
      <Alert variant="success">
        <AlertTitle>Unlimited listings</AlertTitle>
        <AlertDescription>
          Your Premium plan has no monthly limit, and your listings do not expire.
        </AlertDescription>
      </Alert>
    );
  }
  const warn = usage.usedThisMonth >= WARN_AT;
  const reached = !usage.canCreate;
  return (
    <Alert variant={reached ? 'destructive' : warn ? 'warning' : 'info'} role="status">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <AlertTitle className="tabular">
            {usage.usedThisMonth}/{usage.limit} listings used this month
          </AlertTitle>
          <AlertDescription>
            {reached
              ? `You've reached your monthly limit. It resets on ${formatUtcDate(usage.resetsAt)}.`
              : `Free listings reset on ${formatUtcDate(usage.resetsAt)}.`}
          </AlertDescription>
        </div>
        {warn ? (
          <Button asChild size="sm" variant={reached ? 'default' : 'outline'}>
            <Link to={paths.subscription}>Upgrade</Link>
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}
