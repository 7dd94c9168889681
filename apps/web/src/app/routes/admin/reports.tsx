import { PageHeader } from '@/components/page/page-header';
import { ReportsQueue } from '@/features/trust/admin/reports-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/reports (behind the admin gate): the moderation queue. */
export function AdminReportsPage() {
  useDocumentTitle(
    'Reports',
    'Reports of listings, companies, messages and reviews, with the item in context.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Reports"
        description={
          <p>
            What traders reported and what the platform flagged: messages with bank details or requests to pay
            outside escrow, and companies several verified traders blocked. Dismiss a report, hide the item,
            warn its owner by email or suspend them.
          </p>
        }
      />
      <div className="container-page py-8">
        <ReportsQueue />
      </div>
    </>
  );
}
