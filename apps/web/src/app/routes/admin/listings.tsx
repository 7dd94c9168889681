import { APPROVAL_STATUSES } from '@app/shared/listings/listings.schemas';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ListingReview } from '@/features/listings/admin/listing-review';
import type { ReviewStatus } from '@/features/listings/api/get-admin-listings';
import { useDocumentTitle } from '@/lib/use-document-title';

const LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** /admin/listings (behind the admin gate): review pending listings; the decided ones in their own tabs. */
export function AdminListingsPage() {
  useDocumentTitle('Listing Review', 'Review new listings and approve or reject them.');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReviewStatus = APPROVAL_STATUSES.includes(raw as ReviewStatus)
    ? (raw as ReviewStatus)
    : 'pending';
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Listing Review"
        description={<p>Approve listings so they stay on the marketplace, or reject them with a reason.</p>}
      />
      <div className="container-page py-8">
        <Tabs
          value={status}
          onValueChange={(value) =>
            setParams(value === 'pending' ? {} : { status: value }, { replace: true })
          }
        >
          <TabsList aria-label="Review status">
            {APPROVAL_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {LABELS[s]}
              </TabsTrigger>
            ))}
          </TabsList>
          {APPROVAL_STATUSES.map((s) => (
            <TabsContent key={s} value={s} className="mt-6">
              {s === status ? <ListingReview status={s} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </>
  );
}
