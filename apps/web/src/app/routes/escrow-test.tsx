import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { ShieldAlert } from 'lucide-react';
import { PageHeader } from '@/components/page/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { EscrowTestRunner } from '@/features/deals/admin/escrow-test-runner';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /escrow-test (signed-in only): administrators check the configured escrow provider end to end. */
export function EscrowTestPage() {
  useDocumentTitle('Escrow Integration Test', 'Check the connection to the escrow provider.');
  const { isAdmin } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Admin tools"
        title="Escrow Integration Test"
        description={
          <p>
            Check that the escrow provider accepts, reports and releases a transaction before buyers rely on
            it.
          </p>
        }
      />
      <div className="container-page py-8">
        <div className="max-w-4xl">
          {isAdmin ? (
            <EscrowTestRunner />
          ) : (
            <EmptyState
              icon={ShieldAlert}
              title={DEAL_MESSAGES.adminRequired}
              description="Only administrators can run the escrow integration test."
            />
          )}
        </div>
      </div>
    </>
  );
}
