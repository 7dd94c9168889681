import { PLAN_NAMES, type SubscriptionStatus } from '@app/shared/billing/billing.schemas';
import type { Pricing } from '@app/shared/settings/settings.schemas';
import { CreditCard, RefreshCw, Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatDate, formatUsd } from '@/lib/format';
import { useEntitlements } from '../api/get-entitlements';
import { useSubscription } from '../api/get-subscription';
import { useRefreshSubscription } from '../api/refresh-subscription';
import { useCheckout } from '../hooks/use-checkout';
import { usePortal } from '../hooks/use-portal';
import { RefundButton } from './refund-dialog';

const TITLE = 'Subscription Status';
const money = (cents: number) => formatUsd(cents, { alwaysCents: true });

/**
 * The dashboard's subscription card: Active or Inactive, plan, renewal (or end) date, what the plan
 * allows, Refresh, and Manage Subscription or Subscribe Now. Within the money-back window it also offers
 * to cancel with a full refund.
 */
export function SubscriptionStatusCard({
  pricing,
  isActivating = false,
}: {
  pricing: Pricing;
  /** True while the dashboard waits for a just-paid checkout to activate Premium. */
  isActivating?: boolean;
}) {
  const auth = useAuth();
  const userId = auth.user?.id;
  const subscription = useSubscription(userId);

  if (subscription.isPending) return <SubscriptionStatusCardSkeleton />;
  if (subscription.isError)
    return (
      <SubscriptionStatusCardError
        message={parseApiError(subscription.error).message}
        onRetry={() => void subscription.refetch()}
        isRetrying={subscription.isFetching}
      />
    );
  return <StatusCardBody status={subscription.data} pricing={pricing} isActivating={isActivating} />;
}

function StatusCardBody({
  status,
  pricing,
  isActivating,
}: {
  status: SubscriptionStatus;
  pricing: Pricing;
  isActivating: boolean;
}) {
  const auth = useAuth();
  const userId = auth.user?.id;
  const titleId = useId();
  const refresh = useRefreshSubscription(userId);
  const { startCheckout, isPending: checkoutPending } = useCheckout();
  const { openPortal, isPending: portalPending } = usePortal();
  const active = status.subscribed;
  const periodEnd = status.currentPeriodEnd ?? status.subscriptionEnd;
  const moneyBackUntil =
    active && status.moneyBackEligibleUntil && new Date(status.moneyBackEligibleUntil) > new Date()
      ? status.moneyBackEligibleUntil
      : null;

  const onRefresh = async () => {
    try {
      const next = await refresh.mutateAsync();
      toast.success('Subscription status updated', {
        description: `You are on the ${PLAN_NAMES[next.plan]} plan.`,
      });
    } catch (error) {
      toast.error('Refresh failed', { description: parseApiError(error).message });
    }
  };

  return (
    <Card className="flex flex-col" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle as="h2" id={titleId}>
            {TITLE}
          </CardTitle>
          <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Active' : 'Inactive'}</Badge>
        </div>
        <CardDescription>Your Recytrade plan and what it includes.</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-5">
        <dl className="divide-y rounded-lg border px-4 text-sm">
          <Row label="Plan">
            <span className="font-semibold">{PLAN_NAMES[status.plan]}</span>
            {active ? (
              <span className="tabular text-muted-foreground"> · {money(status.priceCents)}/month</span>
            ) : null}
          </Row>
          {active && periodEnd ? (
            <Row label="Renewal">
              {status.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} {formatDate(periodEnd)}
            </Row>
          ) : null}
          <PlanAllowances />
        </dl>

        {isActivating && !active ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Confirming your payment" />
            Confirming your payment…
          </p>
        ) : null}

        {active && status.status === 'past_due' ? (
          <Alert variant="warning">
            <AlertTitle>Your last payment did not go through</AlertTitle>
            <AlertDescription>Update your card under Manage Subscription to keep Premium.</AlertDescription>
          </Alert>
        ) : null}

        {active && status.cancelAtPeriodEnd && periodEnd ? (
          <p className="text-sm text-muted-foreground">
            Premium will not renew. You keep it until {formatDate(periodEnd)}; after that you move to the free
            plan.
          </p>
        ) : null}

        {active && status.moneyBackUnavailableReason ? (
          <p className="text-sm text-muted-foreground">{status.moneyBackUnavailableReason}</p>
        ) : null}

        {moneyBackUntil ? (
          <Alert variant="info">
            <AlertTitle>{pricing.moneyBackGuaranteeDays}-day money-back guarantee</AlertTitle>
            <AlertDescription>
              <p>
                Until {formatDate(moneyBackUntil)} you can cancel and get a full refund of{' '}
                <span className="tabular">{money(status.priceCents)}</span>.
              </p>
              <div className="mt-3">
                <RefundButton amountCents={status.priceCents} />
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap gap-3 border-t pt-6">
        <Button
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={onRefresh}
          disabled={refresh.isPending}
        >
          <RefreshCw aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
          {refresh.isPending ? 'Refreshing...' : 'Refresh'}
        </Button>
        {active ? (
          <Button className="flex-1 sm:flex-none" onClick={openPortal} disabled={portalPending}>
            <CreditCard aria-hidden />
            {portalPending ? 'Opening portal...' : 'Manage Subscription'}
          </Button>
        ) : (
          <Button className="flex-1 sm:flex-none" onClick={startCheckout} disabled={checkoutPending}>
            <Sparkles aria-hidden />
            {checkoutPending
              ? 'Opening checkout...'
              : `Subscribe Now (${money(pricing.premium.monthlyCents)}/month)`}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** Listings, messaging and expiry, as the server's entitlements state them for this user. */
function PlanAllowances() {
  const auth = useAuth();
  const entitlements = useEntitlements(auth.user?.id);
  if (entitlements.isPending)
    return (
      <div className="flex items-center justify-between gap-4 py-3" aria-hidden>
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  // Allowances are a convenience here; the plan line above already says what matters.
  if (entitlements.isError) return null;
  const e = entitlements.data;
  return (
    <>
      <Row label="Listings">
        {e.listingLimitPerMonth === null ? 'Unlimited' : `${e.listingLimitPerMonth} per calendar month`}
      </Row>
      <Row label="Messaging">
        {e.contactFeeCents === 0 ? (
          'Free'
        ) : (
          <>
            <span className="tabular">{formatUsd(e.contactFeeCents)}</span> per new conversation
          </>
        )}
      </Row>
      <Row label="Listing expiry">
        {e.listingsExpire ? '1st of the month after posting' : 'Listings do not expire'}
      </Row>
    </>
  );
}

/** One term of the card's description list: label left, value right, wrapping on narrow cards. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="ml-auto text-right text-foreground">{children}</dd>
    </div>
  );
}

export function SubscriptionStatusCardSkeleton() {
  return (
    <Card role="region" aria-label={TITLE} aria-busy="true">
      <span className="sr-only">Loading your subscription</span>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <Skeleton className="h-6 w-44" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        <Skeleton className="h-4 w-64 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-52" />
      </CardContent>
      <CardFooter className="gap-3 border-t pt-6">
        <Skeleton className="h-10 w-28" />
        <Skeleton className="h-10 w-56" />
      </CardFooter>
    </Card>
  );
}

export function SubscriptionStatusCardError({
  message,
  onRetry,
  isRetrying = false,
}: {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {TITLE}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Alert variant="destructive" role="status">
          <AlertTitle>We couldn't load your subscription</AlertTitle>
          <AlertDescription>{message}</AlertDescription>
        </Alert>
        <div>
          <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
            <RefreshCw aria-hidden />
            {isRetrying ? 'Trying again...' : 'Try Again'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
