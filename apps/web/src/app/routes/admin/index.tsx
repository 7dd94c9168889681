import { PageHeader } from '@/components/page/page-header';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin (behind the admin gate): a card for every admin screen, with live counts. */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard', 'Manage the Recytrade platform.');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Admin Dashboard"
        description={<p>Manage content, users, emails, listings, companies, payments and settings.</p>}
      />
      <div className="container-page py-8">
        <AdminDashboard />
      </div>
    </>
  );
}
