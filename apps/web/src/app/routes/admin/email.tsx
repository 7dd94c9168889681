import { PageHeader } from '@/components/page/page-header';
import { EmailManagement } from '@/features/email/admin/email-management';
import { FailedEmails } from '@/features/email/admin/failed-emails';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/email and /admin/email-management (behind the admin gate): unconfirmed sign-ups, failed emails. */
export function AdminEmailPage() {
  useDocumentTitle(
    'Email Management',
    'Resend confirmation emails to users who have not confirmed, and emails that could not be delivered.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Email Management"
        description={
          <p>
            Resend confirmation emails to users who have not confirmed their email address, and emails the
            platform could not deliver after retrying for a day.
          </p>
        }
      />
      <div className="container-page grid gap-12 py-8">
        <EmailManagement />
        <FailedEmails />
      </div>
    </>
  );
}
