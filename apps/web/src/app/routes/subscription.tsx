import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/page/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PlanCards, PlanCardsSkeleton } from '@/features/billing/components/plan-cards';
import { PremiumBenefits } from '@/features/billing/components/premium-benefits';
import { SavingsCalculator } from '@/features/billing/components/savings-calculator';
import { SubscriptionFaq } from '@/features/billing/components/subscription-faq';
import { PricingValue } from '@/features/pricing/components/pricing-value';
import { usePricing } from '@/lib/pricing';
import { usePublicPageMeta } from '@/lib/use-document-title';

/** /subscription: the two plans, a savings calculator, the benefits of Premium and the FAQ. */
export function SubscriptionPage() {
  usePublicPageMeta('/subscription');
  const pricing = usePricing();

  return (
    <>
      <PageHeader
        eyebrow="Subscription"
        title="Choose the plan that fits your trading"
        description={
          <p>
            Start free with <PricingValue figure="freeListings" /> listings a month, or go Premium for
            unlimited listings and free messaging. Cancel anytime.
          </p>
        }
      />
      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <section aria-label="Plans">
          {pricing.data ? (
            <PlanCards pricing={pricing.data} />
          ) : pricing.isError ? (
            <div className="mx-auto grid max-w-xl gap-4">
              <Alert variant="destructive" role="status">
                <AlertTitle>We couldn't load the plans</AlertTitle>
                <AlertDescription>Prices are unavailable right now. Please try again.</AlertDescription>
              </Alert>
              <div>
                <Button
                  variant="outline"
                  onClick={() => void pricing.refetch()}
                  disabled={pricing.isFetching}
                >
                  <RefreshCw aria-hidden />
                  {pricing.isFetching ? 'Trying again...' : 'Try Again'}
                </Button>
              </div>
            </div>
          ) : (
            <>
              <span className="sr-only">Loading the plans</span>
              <PlanCardsSkeleton />
            </>
          )}
        </section>

        {pricing.data ? (
          <>
            <div className="mx-auto w-full max-w-4xl">
              <SavingsCalculator pricing={pricing.data} />
            </div>

            <section aria-labelledby="benefits-title" className="mx-auto w-full max-w-4xl">
              <h2 id="benefits-title" className="text-2xl font-bold tracking-tight">
                Premium Benefits
              </h2>
              <p className="mt-2 text-muted-foreground">Everything in Free, plus:</p>
              <div className="mt-6">
                <PremiumBenefits pricing={pricing.data} />
              </div>
            </section>

            <section aria-labelledby="subscription-faq" className="mx-auto w-full max-w-4xl">
              <h2 id="subscription-faq" className="text-2xl font-bold tracking-tight">
                Frequently Asked Questions
              </h2>
              <div className="mt-6">
                <SubscriptionFaq pricing={pricing.data} />
              </div>
            </section>
          </>
        ) : pricing.isPending ? (
          <div className="mx-auto grid w-full max-w-4xl gap-4" aria-hidden>
            <Skeleton className="h-8 w-56" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : null}
      </div>
    </>
  );
}
