import { UNSUBSCRIBE_MESSAGES } from '@app/shared/admin/bulk-email.schemas';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { parseApiError } from '@/lib/api-client';
import { useMarketingPreferences, useUpdateMarketingPreferences } from '../api/marketing-preferences';

/** The account's switch for product news and campaigns (the same opt-out as an email's unsubscribe link). */
export function MarketingEmailsSetting() {
  const id = useId();
  const preferences = useMarketingPreferences();
  const update = useUpdateMarketingPreferences();

  if (preferences.isPending) {
    return (
      <div className="flex items-center justify-between gap-4" aria-busy="true">
        <span className="sr-only">Loading your email preferences</span>
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Your email preferences could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const onChange = (marketingEmails: boolean) =>
    update.mutate(
      { marketingEmails },
      {
        onSuccess: () =>
          toast.success('Preferences saved', {
            id: 'marketing-preferences',
            description: marketingEmails
              ? UNSUBSCRIBE_MESSAGES.resubscribed
              : UNSUBSCRIBE_MESSAGES.unsubscribed,
          }),
        onError: (error) =>
          toast.error('Failed to save preferences', {
            id: 'marketing-preferences',
            description: parseApiError(error).message,
          }),
      },
    );

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Product news and campaigns</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Occasional emails about new Recytrade features and the company directory. Account and deal emails
          always arrive.
        </p>
      </div>
      <Switch
        id={id}
        checked={preferences.data.marketingEmails}
        onCheckedChange={onChange}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
