import { PageHeader } from '@/components/page/page-header';
import { ClaimsQueue } from '@/features/deals/admin/claims-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/claims (behind the admin gate): the claims waiting for an administrator's decision. */
export function AdminClaimsPage() {
  useDocumentTitle(
    'Claims',
    'Decide escalated and unanswered claims: split the escrow between buyer and seller.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Claims"
        description={
          <p>
            Claims a buyer escalated, and claims the seller left unanswered past the answer window. Read both
            sides’ evidence, then split the escrow held between buyer and seller; both parties are emailed
            your decision and its reason.
          </p>
        }
      />
      <div className="container-page py-8">
        <ClaimsQueue />
      </div>
    </>
  );
}
