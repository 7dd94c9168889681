import { PageHeader } from '@/components/page/page-header';
import { SystemSettings } from '@/features/platform/admin/system-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/system (behind the admin gate): platform switches, fees, email delivery and the database. */
export function AdminSystemPage() {
  useDocumentTitle('System Settings', 'Platform switches, fees, email delivery and database backups.');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="System Settings"
        description={
          <p>
            Platform switches, fees, email delivery and the database. Each card is saved on its own and takes
            effect at once.
          </p>
        }
      />
      <div className="container-page py-8">
        <SystemSettings />
      </div>
    </>
  );
}
