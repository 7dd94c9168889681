import { MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { UnsubscribePanel } from '@/features/email-preferences/components/unsubscribe-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /unsubscribe?token=...: the link at the foot of every campaign email; works signed out. */
export function UnsubscribePage() {
  useDocumentTitle('Email Preferences', 'Stop or restart marketing emails from Recytrade.');
  const [params] = useSearchParams();
  return (
    <div className="container-page py-16 md:py-24">
      <Card className="mx-auto grid max-w-lg gap-6 p-6 sm:p-8">
        <div className="grid gap-3">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <MailX className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">Email Preferences</h1>
        </div>
        <UnsubscribePanel token={params.get('token')} />
      </Card>
    </div>
  );
}
