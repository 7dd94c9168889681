import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { SignedOutNotice } from '@/components/page/signed-out-notice';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  SubscriptionStatusCard,
  SubscriptionStatusCardError,
  SubscriptionStatusCardSkeleton,
} from '@/features/billing/components/subscription-status-card';
import { useActivationPolling } from '@/features/billing/hooks/use-activation-polling';
import { CompanyProfileBanner } from '@/features/companies/components/company-profile-banner';
import { useRefreshDealsAfterPayment } from '@/features/deals/hooks/use-refresh-deals-after-payment';
import { ListingEditorDialog } from '@/features/listings/components/listing-editor';
import { ImpactCard } from '@/features/market/impact/components/impact-card';
import { MatchesCard } from '@/features/market/matching/components/matches-card';
import { MarketPriceWarning } from '@/features/market/prices/components/market-price-warning';
import { useAuth } from '@/lib/auth-client';
import { usePricing } from '@/lib/pricing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { QuickActions } from './quick-actions';
import { usePaymentReturns } from './use-payment-returns';

/** /dashboard: the company profile banner, the subscription status card, quick actions, and the toasts of payment returns. */
export function DashboardPage() {
  useDocumentTitle('Dashboard', 'Your listings, messages, deals and market activity at a glance.');
  const { user, loading } = useAuth();
  const pricing = usePricing();
  const activation = useActivationPolling();
  const refreshDealsSoon = useRefreshDealsAfterPayment();
  // Payment returns are handled before the session is known, so the address is cleaned up at once.
  usePaymentReturns(activation.start, refreshDealsSoon);
  // The create-listing dialog is part of the address (/dashboard?create=true), so other pages can open it.
  const [params, setParams] = useSearchParams();
  const isCreateOpen = params.get('create') === 'true';
  const setCreateOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('create', 'true');
        else next.delete('create');
        return next;
      },
      { replace: !open },
    );

  if (loading) return <DashboardSkeleton />;
  if (!user) return <SignedOutNotice title="Dashboard" message="Please sign in to view your dashboard." />;

  return (
    <>
      <PageHeader title="Dashboard" description={<p>Welcome, {user.fullName}.</p>}>
        <Button onClick={() => setCreateOpen(true)}>
          <Plus aria-hidden />
          Create Listing
        </Button>
      </PageHeader>
      <ListingEditorDialog
        open={isCreateOpen}
        onOpenChange={setCreateOpen}
        pricing={pricing.data}
        priceHint={(price) => <MarketPriceWarning {...price} />}
      />
      <div className="container-page grid grid-cols-1 items-start gap-6 py-10 lg:grid-cols-[3fr_2fr]">
        <CompanyProfileBanner className="lg:col-span-2" />
        <MatchesCard className="lg:col-span-2" />
        <ImpactCard className="lg:col-span-2" />
        {pricing.data ? (
          <SubscriptionStatusCard pricing={pricing.data} isActivating={activation.isPolling} />
        ) : pricing.isError ? (
          <SubscriptionStatusCardError
            message="Prices are unavailable right now. Please try again."
            onRetry={() => void pricing.refetch()}
            isRetrying={pricing.isFetching}
          />
        ) : (
          <SubscriptionStatusCardSkeleton />
        )}
        <QuickActions />
      </div>
    </>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading your dashboard</span>
      <div className="border-b bg-surface">
        <div className="container-page grid gap-4 py-10 md:py-14">
          <Skeleton className="h-10 w-56" />
          <Skeleton className="h-6 w-80 max-w-full" />
        </div>
      </div>
      <div className="container-page grid grid-cols-1 items-start gap-6 py-10 lg:grid-cols-[3fr_2fr]">
        <SubscriptionStatusCardSkeleton />
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    </div>
  );
}
