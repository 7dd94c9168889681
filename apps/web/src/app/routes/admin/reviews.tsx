import { PageHeader } from '@/components/page/page-header';
import { ReviewsAdmin } from '@/features/reviews/admin/reviews-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/reviews (behind the admin gate): recent reviews, and Hide for an abusive one. */
export function AdminReviewsPage() {
  useDocumentTitle('Reviews', 'Recent reviews between traders; hide an abusive review with a reason.');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Reviews"
        description={
          <p>
            Every review traders wrote, newest first, published or still waiting for the other party. Hide a
            review that insults, shares personal data or advertises; its author is emailed the reason. Restore
            one hidden by mistake.
          </p>
        }
      />
      <div className="container-page py-8">
        <ReviewsAdmin />
      </div>
    </>
  );
}
