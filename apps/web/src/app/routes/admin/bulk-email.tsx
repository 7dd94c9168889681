import { PageHeader } from '@/components/page/page-header';
import { BulkEmailManager } from '@/features/email/admin/bulk-email-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/bulk-email (behind the admin gate; non-admins are sent to /admin): campaigns to the user base. */
export function AdminBulkEmailPage() {
  useDocumentTitle(
    'Bulk Email Management',
    'Send targeted email campaigns to promote the company directory.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Bulk Email Management"
        description={<p>Send targeted email campaigns to promote the company directory</p>}
      />
      <div className="container-page py-8">
        <BulkEmailManager />
      </div>
    </>
  );
}
