import { PageHeader } from '@/components/page/page-header';
import { EmailManagement } from '@/features/admin/components/email-management';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/email and /admin/email-management (behind the admin gate): unconfirmed sign-ups. */
export function AdminEmailPage() {
  useDocumentTitle('Email Management', 'Resend confirmation emails to users who have not confirmed.');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Email Management"
        description={<p>Resend confirmation emails to users who have not confirmed their email address.</p>}
      />
      <div className="container-page py-8">
        <EmailManagement />
      </div>
    </>
  );
}
