import { UNSUBSCRIBE_MESSAGES } from '@app/shared/admin/bulk-email.schemas';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useResubscribe, useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';

const accountPreferences = `${paths.account}?tab=preferences`;

/**
 * The page behind an email's unsubscribe link. Nothing changes until the reader presses a button:
 * mail scanners open links to check them, and must not unsubscribe anyone by doing so.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe();
  const resubscribe = useResubscribe();
  const [lastChange, setLastChange] = useState<'unsubscribed' | 'resubscribed' | null>(null);
  const busy = unsubscribe.isPending || resubscribe.isPending;

  const change = (action: 'unsubscribed' | 'resubscribed') => {
    if (!token) return;
    const mutation = action === 'unsubscribed' ? unsubscribe : resubscribe;
    mutation.mutate(token, {
      onSuccess: () => setLastChange(action),
      onError: (error) => toast.error('Error', { description: parseApiError(error).message }),
    });
  };

  const invalid = !token || (status.isError && isRuleRefusal(parseApiError(status.error)));
  if (invalid) return <InvalidLink />;
  if (status.isPending)
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label="Checking your link">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-2 h-10 w-32" />
      </div>
    );
  if (status.isError)
    return (
      <div className="grid gap-4">
        <p className="text-destructive">{parseApiError(status.error).message}</p>
        <div>
          <Button variant="outline" onClick={() => void status.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );

  const { maskedEmail, subscribed } = status.data;
  const unsubscribeButton = (
    <Button onClick={() => change('unsubscribed')} disabled={busy}>
      {unsubscribe.isPending ? <Spinner label="Unsubscribing" /> : null}
      Unsubscribe
    </Button>
  );

  if (!subscribed)
    return (
      <div className="grid gap-5">
        <Alert variant="success">
          <AlertTitle>{UNSUBSCRIBE_MESSAGES.unsubscribedTitle}</AlertTitle>
          <AlertDescription>{UNSUBSCRIBE_MESSAGES.unsubscribed}</AlertDescription>
        </Alert>
        <p className="text-sm text-muted-foreground">
          Marketing emails to <span className="font-medium text-foreground">{maskedEmail}</span> are off.
          Unsubscribed by mistake?
        </p>
        <div>
          <Button variant="outline" onClick={() => change('resubscribed')} disabled={busy}>
            {resubscribe.isPending ? <Spinner label="Resubscribing" /> : null}
            Resubscribe
          </Button>
        </div>
      </div>
    );

  return (
    <div className="grid gap-5">
      {lastChange === 'resubscribed' ? (
        <Alert variant="success">
          <AlertTitle>{UNSUBSCRIBE_MESSAGES.resubscribedTitle}</AlertTitle>
          <AlertDescription>{UNSUBSCRIBE_MESSAGES.resubscribed}</AlertDescription>
        </Alert>
      ) : null}
      <p>
        <span className="font-medium">{maskedEmail}</span> receives product news and campaigns from Recytrade.
      </p>
      <p className="text-sm text-muted-foreground">
        Unsubscribing stops these marketing emails only. Account and deal emails still arrive.
      </p>
      <div>{unsubscribeButton}</div>
    </div>
  );
}

function InvalidLink() {
  return (
    <div className="grid gap-5">
      <Alert variant="destructive" role="status">
        <AlertTitle>Invalid unsubscribe link</AlertTitle>
        <AlertDescription>{UNSUBSCRIBE_MESSAGES.invalidLink}</AlertDescription>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to={accountPreferences}>
            <Settings aria-hidden />
            Account Preferences
          </Link>
        </Button>
      </div>
    </div>
  );
}
