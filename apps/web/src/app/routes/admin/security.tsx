import { PageHeader } from '@/components/page/page-header';
import { SecuritySettings } from '@/features/auth/admin/security-settings';
import { AdminApiKeys } from '@/features/public-api/admin/admin-api-keys';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/security (behind the admin gate): sign-in failures, sessions, rate limits and the audit log. */
export function AdminSecurityPage() {
  useDocumentTitle(
    'Security Settings',
    'Failed sign-ins, active sessions, rate limits and the admin audit log.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Security Settings"
        description={
          <p>
            Failed sign-ins, active sessions, the rate limits in force and the audit log of admin actions.
          </p>
        }
      />
      <div className="container-page py-8">
        <SecuritySettings apiKeys={<AdminApiKeys />} />
      </div>
    </>
  );
}
