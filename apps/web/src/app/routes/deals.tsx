import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page/page-header';
import { SignedOutNotice } from '@/components/page/signed-out-notice';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { toast } from '@/components/ui/toast';
import { dealKeys } from '@/features/deals/api/deal-keys';
import { useDeals } from '@/features/deals/api/get-deals';
import { DealList } from '@/features/deals/components/deal-list';
import { useCommissionReturn } from '@/features/deals/hooks/use-commission-return';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const PayoutStatementDialog = lazyDialog(
  () => import('@/features/deals/components/payout-statement-dialog').then((m) => m.PayoutStatementDialog),
  (props) => props.open,
);

/** /deals "My Deals": every deal of the user as buyer or seller, newest first, with what to do next. */
export function DealsPage() {
  useDocumentTitle('My Deals', 'Follow your deals, offers and escrow payments.');
  const { user, loading } = useAuth();
  const queryClient = useQueryClient();
  const deals = useDeals({ enabled: Boolean(user) });
  const [statementOpen, setStatementOpen] = useState(false);
  useCommissionReturn(() => void queryClient.invalidateQueries({ queryKey: dealKeys.all }));

  if (!loading && !user) return <SignedOutNotice title="My Deals" message={DEAL_MESSAGES.signInToView} />;

  const refresh = async () => {
    const result = await deals.refetch();
    if (result.isError) toast.error(DEAL_MESSAGES.loadFailed);
    else toast.success(DEAL_MESSAGES.refreshed, { id: 'deals-refreshed' });
  };

  return (
    <>
      <PageHeader
        title="My Deals"
        description={<p>Confirm, fund, ship and release your deals as buyer and seller.</p>}
      >
        <Button variant="outline" onClick={() => void refresh()} disabled={!user || deals.isFetching}>
          <RefreshCw aria-hidden className={deals.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <Button variant="outline" onClick={() => setStatementOpen(true)} disabled={!user}>
          <FileSpreadsheet aria-hidden />
          Payout Statement
        </Button>
      </PageHeader>
      <PayoutStatementDialog open={statementOpen} onOpenChange={setStatementOpen} />
      <div className="container-page max-w-4xl py-8 md:py-10">
        <DealList
          data={deals.data}
          isPending={loading || deals.isPending}
          isError={deals.isError}
          isRetrying={deals.isFetching}
          onRetry={() => void deals.refetch()}
          viewerId={user?.id ?? ''}
        />
      </div>
    </>
  );
}
