import type { Pricing } from '@app/shared/settings/settings.schemas';
import { Check, CircleCheck, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { useCheckout } from '../hooks/use-checkout';
import { usePortal } from '../hooks/use-portal';

/** The Free and Premium cards of /subscription; the buttons follow the visitor's state. */
export function PlanCards({ pricing }: { pricing: Pricing }) {
  const auth = useAuth();
  const dialog = useAuthDialog();
  const { startCheckout, isPending: checkoutPending } = useCheckout();
  const { openPortal, isPending: portalPending } = usePortal();
  const price = formatUsd(pricing.premium.monthlyCents);

  let freeAction: ReactNode;
  let premiumAction: ReactNode;
  if (auth.loading) {
    freeAction = <Skeleton className="h-12 w-full" />;
    premiumAction = <Skeleton className="h-12 w-full" />;
  } else if (!auth.user) {
    freeAction = (
      <Button size="lg" variant="outline" className="w-full" onClick={() => dialog.open('signup')}>
        Get Started Free
      </Button>
    );
    premiumAction = (
      <Button size="lg" className="w-full" onClick={() => dialog.open('signup')}>
        Sign Up & Subscribe
      </Button>
    );
  } else if (auth.subscribed) {
    freeAction = <p className="w-full text-center text-sm text-muted-foreground">Included in Premium</p>;
    premiumAction = (
      <div className="grid w-full gap-2">
        <Button size="lg" className="w-full" disabled>
          <CircleCheck aria-hidden />
          You're subscribed!
        </Button>
        <Button variant="outline" className="w-full" onClick={openPortal} disabled={portalPending}>
          {portalPending ? 'Opening portal...' : 'Manage Subscription'}
        </Button>
      </div>
    );
  } else {
    freeAction = (
      <Button size="lg" variant="outline" className="w-full" disabled>
        Current Plan
      </Button>
    );
    premiumAction = (
      <Button size="lg" className="w-full" onClick={startCheckout} disabled={checkoutPending}>
        <Sparkles aria-hidden />
        {checkoutPending ? 'Opening checkout...' : 'Upgrade Now'}
      </Button>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 md:grid-cols-2">
      <PlanCard
        name={pricing.free.name}
        price={formatUsd(0)}
        description="For occasional trading. Pay only when you start a conversation."
        features={[
          `${pricing.free.listingsPerMonth} listings per calendar month`,
          `${formatUsd(pricing.contactFeeCents)} per conversation`,
          'Listings expire on the 1st of the next month',
          'Browse the marketplace and company directory',
        ]}
        action={freeAction}
      />
      <PlanCard
        highlighted
        name={pricing.premium.name}
        price={price}
        description="For active traders who list and message every week."
        features={[
          'Unlimited listings',
          'Free messaging',
          'Listings do not expire',
          `Cancel anytime, ${pricing.moneyBackGuaranteeDays}-day money-back guarantee`,
        ]}
        action={premiumAction}
      />
    </div>
  );
}

function PlanCard({
  name,
  price,
  description,
  features,
  action,
  highlighted = false,
}: {
  name: string;
  price: string;
  description: string;
  features: string[];
  action: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <Card
      className={cn('relative flex flex-col', highlighted && 'border-primary ring-1 ring-primary md:-my-2')}
    >
      {highlighted ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 tracking-wide">
          MOST POPULAR
        </Badge>
      ) : null}
      <CardHeader className={cn(highlighted && 'pt-8')}>
        <CardTitle as="h2" className="text-xl">
          {name}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <p className="mt-3 flex items-baseline gap-1.5">
          <span className="tabular text-4xl font-bold tracking-tight text-foreground">{price}</span>
          <span className="text-muted-foreground">per month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-3 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5">
              <span
                className={cn(
                  'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
                  highlighted ? 'bg-primary text-primary-foreground' : 'bg-primary-soft text-primary',
                )}
              >
                <Check className="size-3.5" aria-hidden />
              </span>
              <span className="text-slate-800">{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

/** The two cards' shape while the prices load. */
export function PlanCardsSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 md:grid-cols-2" aria-hidden>
      {[0, 1].map((key) => (
        <div key={key} className="grid gap-4 rounded-card border p-6">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-10 w-32" />
          <div className="grid gap-3 pt-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="mt-2 h-12 w-full" />
        </div>
      ))}
    </div>
  );
}
